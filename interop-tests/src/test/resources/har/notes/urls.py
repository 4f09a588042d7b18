from django.contrib import admin
from django.urls import path

from . import api

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/", api.page),
    path("api/login", api.login),
    path("api/notes", api.notes),
    path("api/notes/<int:note_id>", api.note),
]
