from django.db import models


class Note(models.Model):
    title = models.CharField(max_length=200)

    def __str__(self):
        return self.title


class Token(models.Model):
    key = models.CharField(max_length=64, unique=True)
    user = models.CharField(max_length=150)
