"""The JSON API's contract (docs/openapi.yaml) as the tests read it: each answer a client gets is
checked against the schema its operation documents for that status, and every property the
schemas name is noted when an answer carries it, so a test can tell which documented fields no
answer ever had."""

import json
from pathlib import Path

import requests
import yaml
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

CONTRACT = Path(__file__).resolve().parents[2] / "docs" / "openapi.yaml"
SCHEMA_BASE = "https://cardtable.invalid/openapi.yaml"


def load_contract():
    return yaml.safe_load(CONTRACT.read_text(encoding="utf-8"))


class Contract:
    """The contract's operations and schemas, with a validator per answer and a record of which
    schema properties the answers validated so far carried."""

    def __init__(self, document=None):
        # Every `$ref` made absolute, so any part of the contract validates on its own.
        self.document = absolute_references(document or load_contract())
        resource = Resource.from_contents(self.document, default_specification=DRAFT202012)
        self.registry = Registry().with_resource(SCHEMA_BASE, resource)
        self.seen = set()

    def operation(self, method, template):
        path = self.document["paths"].get(template)
        assert path is not None, f"the contract has no path {template}"
        operation = path.get(method.lower())
        assert operation is not None, f"the contract has no {method} {template}"
        return operation

    def response_schema(self, method, template, status, content_type):
        """The schema of `method template`'s answer with `status` in `content_type` (None when the
        contract documents no body), and the media type."""
        responses = self.operation(method, template)["responses"]
        response = responses.get(str(status))
        assert response is not None, f"{method} {template} does not document status {status}"
        response = self.resolve(response)
        media = (content_type or "").split(";")[0].strip()
        content = response.get("content", {})
        if not content:
            return None, media
        assert media in content, f"{method} {template} {status} documents {list(content)}, not {media}"
        return content[media].get("schema"), media

    def resolve(self, node):
        while isinstance(node, dict) and "$ref" in node:
            node = self.pointer(node["$ref"])
        return node

    def pointer(self, reference):
        assert reference.startswith(SCHEMA_BASE + "#/"), reference
        node = self.document
        for part in reference[len(SCHEMA_BASE) + 2:].split("/"):
            node = node[part.replace("~1", "/").replace("~0", "~")]
        return node

    def errors(self, schema, instance):
        """What is wrong with `instance` against `schema` (a part of the contract), as text."""
        validator = Draft202012Validator(schema, registry=self.registry)
        return [f"{'/'.join(map(str, error.absolute_path)) or '(the answer)'}: {error.message[:300]}"
                for error in validator.iter_errors(instance)]

    def check(self, method, template, status, content_type, body):
        """Checks an answer against the contract; raises AssertionError naming what is wrong."""
        schema, media = self.response_schema(method, template, status, content_type)
        if schema is None:
            return
        text = body.decode("utf-8")
        instance = {"application/json": json.loads, "application/yaml": yaml.safe_load}.get(media, str)(text)
        errors = self.errors(schema, instance)
        assert not errors, f"{method} {template} {status} breaks the contract:\n" + "\n".join(errors[:20])
        self.note(schema, instance, f"{method} {template} {status}")

    # MARK: - Which documented properties answers carried

    def note(self, schema, instance, where):
        """Walks `instance` with `schema`, noting each named property it carries (by the schema that
        names it)."""
        self._note(schema, instance, where, depth=0)

    def _note(self, schema, instance, where, depth):
        if depth > 40 or not isinstance(schema, dict):
            return
        name = where
        if "$ref" in schema:
            name = schema["$ref"]
            schema = self.resolve(schema)
        for key in ("oneOf", "anyOf"):
            if key in schema:
                for branch in schema[key]:
                    if not self.errors(branch, instance):
                        self._note(branch, instance, name, depth + 1)
        for branch in schema.get("allOf", []):
            self._note(branch, instance, name, depth + 1)
        if isinstance(instance, dict):
            for key, value in instance.items():
                if key in schema.get("properties", {}):
                    self.seen.add((name, key))
                    self._note(schema["properties"][key], value, f"{name}.{key}", depth + 1)
                elif isinstance(schema.get("additionalProperties"), dict):
                    self._note(schema["additionalProperties"], value, f"{name}[*]", depth + 1)
        if isinstance(instance, list):
            items = schema.get("items")
            for value in instance:
                self._note(items, value, f"{name}[]", depth + 1)
            for index, item in enumerate(schema.get("prefixItems", [])):
                if index < len(instance):
                    self._note(item, instance[index], f"{name}[{index}]", depth + 1)

    def documented_properties(self):
        """Every (schema, property) of the schemas answers use: those the operations' responses
        and the room socket's server messages (`x-websocket`) refer to, directly or through others."""
        found = set()
        for name in sorted(self.answered_schemas()):
            self._collect(self.document["components"]["schemas"][name],
                          f"{SCHEMA_BASE}#/components/schemas/{name}", found)
        return found

    def answered_schemas(self):
        """The names of the component schemas that answers are made of."""
        roots = [operation["responses"] for path in self.document["paths"].values()
                 for operation in path.values()]
        roots += [operation["x-websocket"]["server"] for path in self.document["paths"].values()
                  for operation in path.values() if "x-websocket" in operation]
        followed, pending = set(), roots
        while pending:
            node = pending.pop()
            if isinstance(node, dict):
                reference = node.get("$ref")
                if reference and reference not in followed:
                    followed.add(reference)
                    pending.append(self.pointer(reference))
                pending.extend(value for key, value in node.items() if key != "$ref")
            elif isinstance(node, list):
                pending.extend(node)
        prefix = SCHEMA_BASE + "#/components/schemas/"
        return {reference[len(prefix):] for reference in followed if reference.startswith(prefix)}

    def check_message(self, name, instance):
        """Checks a room socket message against the component schema `name`."""
        schema = {"$ref": f"{SCHEMA_BASE}#/components/schemas/{name}"}
        errors = self.errors(schema, instance)
        assert not errors, f"a socket message breaks {name}:\n" + "\n".join(errors[:20])
        self.note(schema, instance, name)

    def _collect(self, schema, name, found):
        if not isinstance(schema, dict) or "$ref" in schema:
            return
        for key, value in schema.get("properties", {}).items():
            found.add((name, key))
            self._collect(value, f"{name}.{key}", found)
        for key in ("oneOf", "anyOf", "allOf"):
            for branch in schema.get(key, []):
                self._collect(branch, name, found)
        for key in ("items", "additionalProperties"):
            if isinstance(schema.get(key), dict):
                self._collect(schema[key], f"{name}[]" if key == "items" else f"{name}[*]", found)


class Client:
    """One player of the API: a cookie jar, `Accept: application/json`, and every answer checked
    against the contract."""

    def __init__(self, server_url, contract):
        self.url = server_url
        self.contract = contract
        self.session = requests.Session()
        self.session.headers["Accept"] = "application/json"

    def call(self, method, template, expect, **options):
        """Sends a request to the operation `template` (its path parameters in `path`), asserts
        its status is `expect`, checks the answer against the contract and returns the answer's
        JSON (or text)."""
        status, answer = self.attempt(method, template, **options)
        assert status == expect, f"{method} {template} {options.get('path')}: expected {expect}, got {status}: {str(answer)[:500]}"
        return answer

    def attempt(self, method, template, path=None, query=None, json_body=None, form=None, headers=None):
        """`call` without an expected status: checks the answer against the contract and returns
        its status and its JSON (or text)."""
        address = template
        for key, value in (path or {}).items():
            address = address.replace("{" + key + "}", str(value))
        response = self.session.request(
            method, self.url + address, params=query, json=json_body, data=form, headers=headers,
            allow_redirects=False, timeout=15)
        self.contract.check(method, template, response.status_code, response.headers.get("Content-Type"),
                            response.content)
        if "json" in response.headers.get("Content-Type", ""):
            return response.status_code, response.json()
        return response.status_code, response.text

    def get(self, template, expect=200, **options):
        return self.call("GET", template, expect, **options)

    def post(self, template, expect=200, **options):
        return self.call("POST", template, expect, **options)

    def delete(self, template, expect=204, **options):
        return self.call("DELETE", template, expect, **options)


def absolute_references(node):
    """A copy of `node` with every `$ref` to this document made absolute (under SCHEMA_BASE)."""
    if isinstance(node, dict):
        return {key: (SCHEMA_BASE + value if key == "$ref" and value.startswith("#") else
                      absolute_references(value)) for key, value in node.items()}
    if isinstance(node, list):
        return [absolute_references(value) for value in node]
    return node
