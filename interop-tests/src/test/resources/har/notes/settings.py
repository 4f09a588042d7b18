# A Django project for HarRecordingTest: the admin site over one model, and a small JSON API with
# bearer tokens. SQLite in the run's directory; nothing here is wsbench's.
import os
from pathlib import Path

BASE = Path(os.environ.get("NOTES_DATA", "."))
SECRET_KEY = "test-only-" + "x" * 40
DEBUG = False
ALLOWED_HOSTS = ["127.0.0.1", "localhost"]
INSTALLED_APPS = ["django.contrib.admin", "django.contrib.auth", "django.contrib.contenttypes",
                  "django.contrib.sessions", "django.contrib.messages", "notes"]
MIDDLEWARE = ["django.middleware.security.SecurityMiddleware", "django.contrib.sessions.middleware.SessionMiddleware",
              "django.middleware.common.CommonMiddleware", "django.middleware.csrf.CsrfViewMiddleware",
              "django.contrib.auth.middleware.AuthenticationMiddleware", "django.contrib.messages.middleware.MessageMiddleware"]
ROOT_URLCONF = "notes.urls"
TEMPLATES = [{"BACKEND": "django.template.backends.django.DjangoTemplates", "APP_DIRS": True,
              "OPTIONS": {"context_processors": ["django.template.context_processors.request",
                                                 "django.contrib.auth.context_processors.auth",
                                                 "django.contrib.messages.context_processors.messages"]}}]
DATABASES = {"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": str(BASE / "notes.sqlite3"),
                         "OPTIONS": {"timeout": 30}}}
USE_TZ = True
STATIC_URL = "/static/"
DEFAULT_AUTO_FIELD = "django.db.models.AutoField"
# the tests' users log in hundreds of times: a fast hasher, not a secure one
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
