"""The interactive API docs (``/docs``): Swagger UI served from the ``swagger-ui-bundle``
package (works offline) under the app's Content-Security-Policy (no inline script)."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.responses import HTMLResponse, Response
from fastapi.staticfiles import StaticFiles
from swagger_ui_bundle import swagger_ui_path

_PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>twentyone API</title>
<link rel="stylesheet" href="/docs/assets/swagger-ui.css">
<link rel="icon" href="/static/favicon.svg">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/init.js"></script>
</body>
</html>
"""
_INIT = """window.ui = SwaggerUIBundle({
  url: "/openapi.json",
  dom_id: "#swagger-ui",
  deepLinking: true,
  validatorUrl: null,
  requestInterceptor: (request) => {
    const match = document.cookie.match(/(?:^|;\\s*)twentyone_csrf=([^;]+)/);
    if (match && request.method !== "GET") request.headers["X-CSRF-Token"] = match[1];
    return request;
  },
});
"""


def install(app: FastAPI) -> None:
    """Serve ``/docs``, its script and the Swagger UI assets."""

    @app.get("/docs", include_in_schema=False)
    def docs() -> HTMLResponse:
        return HTMLResponse(_PAGE)

    @app.get("/docs/init.js", include_in_schema=False)
    def docs_init() -> Response:
        return Response(_INIT, media_type="text/javascript")

    app.mount("/docs/assets", StaticFiles(directory=swagger_ui_path), name="docs-assets")
