# A JSON API with bearer tokens: POST /api/login {"user", "password"} gives an access token; the notes
# answer only with it. GET /api/ is a page the browser loads to call the API from.
import json
import secrets

from django.contrib.auth import authenticate
from django.http import HttpResponse, JsonResponse
from django.views.decorators.csrf import csrf_exempt

from .models import Note, Token


def page(request):
    return HttpResponse("<!DOCTYPE html><html><body><h1>Notes API</h1></body></html>")


@csrf_exempt
def login(request):
    body = json.loads(request.body or b"{}")
    user = authenticate(username=body.get("user"), password=body.get("password"))
    if user is None:
        return JsonResponse({"error": "bad credentials"}, status=401)
    token = Token.objects.create(key=secrets.token_urlsafe(24), user=user.username)
    return JsonResponse({"access_token": token.key, "token_type": "Bearer"})


def _user(request):
    auth = request.headers.get("Authorization", "")
    if not auth.startswith("Bearer "):
        return None
    token = Token.objects.filter(key=auth[7:]).first()
    return token.user if token else None


@csrf_exempt
def notes(request):
    if _user(request) is None:
        return JsonResponse({"error": "no token"}, status=401)
    if request.method == "POST":
        note = Note.objects.create(title=json.loads(request.body)["title"])
        return JsonResponse({"id": note.id, "title": note.title}, status=201)
    return JsonResponse({"notes": [{"id": n.id, "title": n.title} for n in Note.objects.order_by("-id")[:5]]})


@csrf_exempt
def note(request, note_id):
    if _user(request) is None:
        return JsonResponse({"error": "no token"}, status=401)
    n = Note.objects.filter(id=note_id).first()
    if n is None:
        return JsonResponse({"error": "no such note"}, status=404)
    return JsonResponse({"id": n.id, "title": n.title})
