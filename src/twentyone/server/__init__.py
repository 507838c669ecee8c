"""The web game server: a FastAPI JSON API over the table service and the browser client.

``create_app(service)`` builds the app; ``twentyone serve`` runs it under Uvicorn.
"""

from twentyone.server.app import create_app

__all__ = ["create_app"]
