"""The site: pages rendered with Jinja2 from web/templates, their static files, and the courses under lessons/.

A package (imported as web.sitegen, web.course.views …) whose modules reach the engine through its façade only,
suanfan.api (the import contract in .importlinter, checked by tests/web/test_import_contract.py)."""
