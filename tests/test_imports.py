"""No import circles in py/: every module's imports, read from its source (ast, nothing
imported), form a graph without cycles, so each layer imports only the layers below it
(docs/ARCHITECTURE.md). Imports inside functions count too (a late import is the usual way to
hide a circle); those under `if TYPE_CHECKING:` do not run and do not count."""
import ast
from pathlib import Path

PY = Path(__file__).resolve().parent.parent / "py"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PY).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(PY.rglob("*.py"))}


def _runtime_nodes(tree: ast.AST):
    """Every node but those under `if TYPE_CHECKING:`."""
    stack = [tree]
    while stack:
        node = stack.pop()
        yield node
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                stack.extend(child.orelse)
            else:
                stack.append(child)


def imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The modules of py/ that module `name` imports (a `from package import module` names the
    module, a `from module import name` the module)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in _runtime_nodes(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[:len(parts) - node.level + 1]
                base = ".".join(parts + ([node.module] if node.module else []))
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in node.names]
        else:
            continue
        found.update(t for t in targets if t in known and t != name)
    return found


def graph() -> dict[str, set[str]]:
    known = modules()
    return {name: imports(name, path, known) for name, path in known.items()}


def circles(edges: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected components of more than one module (Tarjan), i.e. the circles."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[set[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.add(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(component)

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def test_the_walk_sees_the_imports_it_must():
    """The graph is read right: relative, absolute and `from package import module` imports,
    and the circle the registry had (registry -> games -> registry) would be found."""
    edges = graph()
    assert "spielkiste.engine" in edges["spielkiste.registry"]
    assert "spielkiste.games" in edges["spielkiste.registry"]
    assert "spielkiste.games.solitaire_solver" in edges["spielkiste.games.solitaire"]   # from . import x
    assert "spielkiste.games.box" in edges["spielkiste.games.weltreich"]
    assert any(m.startswith("spielkiste") for m in edges["spielkiste_web.engine_worker"])   # absolute
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [{"a", "b", "c"}]
    edges["spielkiste.games"] = edges["spielkiste.games"] | {"spielkiste.registry"}
    assert {"spielkiste.registry", "spielkiste.games"} <= set().union(*circles(edges))


def test_no_import_circle_in_py():
    assert circles(graph()) == []


def test_the_page_loads_every_module_after_what_it_imports():
    """spielkiste_page/loader.py imports the page's modules one task each, in ORDER: every module
    of the package is there, once, after the page modules it imports (else its import would load
    them in its own task, one long task again)."""
    src = (PY / "spielkiste_page" / "loader.py").read_text(encoding="utf-8")
    order = next(ast.literal_eval(node.value) for node in ast.parse(src).body
                 if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "ORDER")
    edges = graph()
    page = {name.rpartition(".")[2] for name in edges
            if name.startswith("spielkiste_page.") and name not in ("spielkiste_page.loader",)}
    assert sorted(order) == sorted(page) and len(order) == len(set(order))
    for i, name in enumerate(order):
        needs = {m.rpartition(".")[2] for m in edges["spielkiste_page." + name] if m.startswith("spielkiste_page.")}
        assert needs <= set(order[:i]), (name, needs - set(order[:i]))
