# Drives Chromium with Playwright through the Django admin (log in, add a note, find it, open it, log
# out) or through the JSON API (log in for a bearer token, add a note, list, read it back), recording
# each session to a HAR file, as a user would record theirs.
#   python3 record.py admin|api BASE_URL OUT.har CHROMIUM
import sys

from playwright.sync_api import sync_playwright

what, base, out, chromium = sys.argv[1:5]
with sync_playwright() as p:
    browser = p.chromium.launch(executable_path=chromium, headless=True, args=["--no-sandbox", "--disable-gpu"])
    context = browser.new_context(record_har_path=out, record_har_content="embed")
    page = context.new_page()
    if what == "admin":
        page.goto(base + "/admin/login/?next=/admin/")
        page.fill("#id_username", "editor")
        page.fill("#id_password", "s3cret&+=")
        page.click("input[type=submit]")
        page.wait_for_url(base + "/admin/")
        page.goto(base + "/admin/notes/note/add/")
        page.fill("#id_title", "Quarterly figures")
        page.click("input[name=_save]")
        page.wait_for_url(base + "/admin/notes/note/")
        page.fill("#searchbar", "Quarterly")
        page.press("#searchbar", "Enter")
        page.wait_for_load_state()
        page.click("#result_list tbody th a")
        page.wait_for_load_state()
        page.click("#logout-form button")
        page.wait_for_load_state()
    else:
        page.goto(base + "/api/")
        page.evaluate("""async () => {
            const login = await fetch('/api/login', {method: 'POST', headers: {'Content-Type': 'application/json'},
                body: JSON.stringify({user: 'editor', password: 's3cret&+='})});
            const token = (await login.json()).access_token;
            const auth = {'Authorization': 'Bearer ' + token};
            const made = await fetch('/api/notes', {method: 'POST', headers: {...auth, 'Content-Type': 'application/json'},
                body: JSON.stringify({title: 'Quarterly figures'})});
            const id = (await made.json()).id;
            await fetch('/api/notes', {headers: auth});
            await fetch('/api/notes/' + id, {headers: auth});
        }""")
    context.close()
    browser.close()
