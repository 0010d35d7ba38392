#!/usr/bin/env python3
"""Fails when two modules of a crate import each other, or when imports go
round in a circle. A module's imports are the `crate::`, `super::` and
`self::` paths in its file outside comments and its `mod tests`; a child
naming its own parent does not count (the parent only declares it).

For the app (`app/src`) it also checks the direction of its layers: each
top-level module imports only from its own layer and those before it in
APP_LAYERS, and `io` only from `control`; and that views only read: no
view names the writable state (`Search`, `Booth`, `Data`, `Ui`, `State`,
a `RwSignal` from a context) or builds a message to the bridge or the
worker; and that views reach the control only through its faces: the
public methods of its owners listed in FACES (everything else in
`control/` is `pub(super)` or private, never `pub(crate)`), and views
import from `control` only those owners, their `use_*`, `Choice` and `Visitor`;
and that `control/` reaches the browser only through `io`.

Usage: imports.py <crate source folder>...
"""
import os
import re
import sys


def modules(root):
    found = {}
    for folder, _, files in os.walk(root):
        for name in files:
            if not name.endswith(".rs"):
                continue
            path = os.path.join(folder, name)
            parts = os.path.relpath(path, root)[:-3].split(os.sep)
            if parts[-1] in ("mod", "lib", "main"):
                parts = parts[:-1]
            found["::".join(parts)] = path
    return found


def resolve(known, current, path):
    parts = path.split("::")
    if parts[0] == "crate":
        base, parts = [], parts[1:]
    elif parts[0] == "super":
        base, parts = current.split("::")[:-1] if current else [], parts[1:]
        while parts and parts[0] == "super":
            base, parts = base[:-1], parts[1:]
    else:
        base, parts = current.split("::") if current else [], parts[1:]
    full = base + parts
    for end in range(len(full), -1, -1):
        name = "::".join(full[:end])
        if name in known:
            return name
    return None


def imports(root):
    known = modules(root)
    graph = {m: set() for m in known}
    for module, path in known.items():
        with open(path, encoding="utf-8") as f:
            source = f.read()
        source = re.split(r"#\[cfg\(test\)\]\s*mod tests", source)[0]
        source = re.sub(r"//[^\n]*", "", source)
        paths = re.findall(r"\b((?:crate|super|self)(?:::\w+)+)", source)
        for prefix, group in re.findall(r"use\s+(crate|super)::\{([^}]*)\}", source):
            for item in re.split(r"[,\s]+", group):
                item = item.strip().split("::")[0]
                if item and item != "self":
                    paths.append(prefix + "::" + item)
        for p in paths:
            target = resolve(known, module, p)
            if target and target != module and not module.startswith(target + "::"):
                graph[module].add(target)
    return graph


def circles(graph):
    index, low, stack, on_stack, found = {}, {}, [], set(), []
    counter = [0]
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for v in graph:
        if v not in index:
            visit(v)
    return found


# The app's layers, lowest first: plain types (and the worker's messages),
# their words, the reactive state, the outside world, what changes the
# state, and the views.
APP_LAYERS = [
    {"model", "protocol", "json"},
    {"i18n"},
    {"state"},
    {"io"},
    {"control"},
    {"components", "tree", "screens"},
]


def layer_of(module):
    top = module.split("::")[0]
    for number, layer in enumerate(APP_LAYERS):
        if top in layer:
            return number
    return None


def against_layers(graph):
    wrong = []
    for module, targets in sorted(graph.items()):
        mine = layer_of(module)
        for target in sorted(targets):
            theirs = layer_of(target)
            top, target_top = module.split("::")[0], target.split("::")[0]
            if mine is None or theirs is None or top == target_top:
                continue
            if theirs > mine:
                wrong.append(f"{module} imports {target}, a later layer")
            elif target_top == "io" and top != "control":
                wrong.append(f"{module} imports {target}: only control uses io")
    return wrong


VIEWS = {"components", "tree", "screens"}
WRITABLE = {"Search", "Booth", "Data", "Ui", "State"}


def writing_views(root):
    wrong = []
    for module, path in sorted(modules(root).items()):
        if module.split("::")[0] not in VIEWS:
            continue
        with open(path, encoding="utf-8") as f:
            source = f.read()
        source = re.split(r"#\[cfg\(test\)\]\s*mod tests", source)[0]
        source = re.sub(r"//[^\n]*", "", source)
        named = set(re.findall(r"\bstate::(\w+)", source))
        for group in re.findall(r"use\s+crate::state::\{([^}]*)\}", source):
            named |= {item.strip() for item in group.split(",") if item.strip()}
        for name in sorted(named & WRITABLE):
            wrong.append(f"{module} names the writable state::{name}; views read its {name}View")
        if re.search(r"(expect|use)_context::<\s*RwSignal", source):
            wrong.append(f"{module} takes a writable signal from the context")
        for message in ("ClientMessage", "ToWorker"):
            if re.search(rf"\b{message}\b", source):
                wrong.append(f"{module} builds a {message}: actions send messages")
    return wrong


# What views may call in `control/`: each owner's public methods. A method
# views should not call is `pub(super)`; one they should, listed here.
FACES = {
    "Play": {"drop", "new_game", "play_again", "undo", "hint", "change_game_settings",
             "computer_plays", "hints_allowed", "request_review", "play_on", "take_home_link"},
    "RobotSeat": {"take_seat", "join", "line_up", "again", "leave", "back_to_lobby",
                  "still_here", "awaiting_booth"},
    "Screen": {"toggle_panel", "close_panel", "point_at", "pointer_can_hover", "toggle_value_numbers",
               "toggle_thinking", "show_tree", "replay", "watch_first_paints"},
    "Preferences": {"change", "sound_on", "toggle_sound"},
}
# The owners' handles, what a view may import from `control`.
CONTROL_FOR_VIEWS = set(FACES) | {"use_play", "use_robot_seat", "use_screen",
                                  "use_preferences", "Choice", "Visitor"}
# Plain state machines in private modules of `control/`: their public
# methods are theirs, reached only by the owner holding them.
MACHINES = {"local_game", "robot_game", "search_client"}


def wide_control(root):
    wrong = []
    for module, path in sorted(modules(root).items()):
        parts = module.split("::")
        if parts[0] != "control" or parts[-1] == "tests":
            continue
        machine = len(parts) > 1 and parts[1] in MACHINES
        with open(path, encoding="utf-8") as f:
            source = re.split(r"#\[cfg\(test\)\]\s*mod tests", f.read())[0]
        owner = None
        for number, line in enumerate(source.splitlines(), 1):
            block = re.match(r"impl(?:<[^>]*>)?\s+(\w+)", line)
            if block:
                owner = block.group(1)
            elif line.startswith("}"):
                owner = None
            if re.search(r"\b(js_sys|web_sys|gloo_timers|wasm_bindgen|window_event_listener|document\(\))", line):
                wrong.append(f"{path}:{number}: the browser reached from control; go through io (io::browser), so that control runs natively")
            if "pub(crate)" in line:
                wrong.append(f"{path}:{number}: pub(crate) in control; a face's method is pub and listed in FACES, the rest pub(super)")
            method = re.match(r"\s+pub fn (\w+)", line)
            if method and owner and not machine and method.group(1) not in FACES.get(owner, set()):
                wrong.append(f"{path}:{number}: {owner}::{method.group(1)} is public but not in its face (FACES in .ci/imports.py): make it pub(super), or list it if views may call it")
    for module, path in sorted(modules(root).items()):
        if module.split("::")[0] not in VIEWS:
            continue
        with open(path, encoding="utf-8") as f:
            source = re.sub(r"//[^\n]*", "", f.read())
        named = set(re.findall(r"\bcontrol::(\w+)", source))
        for group in re.findall(r"use\s+crate::control::\{([^}]*)\}", source):
            named |= {item.strip() for item in group.split(",") if item.strip()}
        for name in sorted(named - CONTROL_FOR_VIEWS):
            wrong.append(f"{module} reaches control::{name}; views use only the owners' faces")
    return wrong


failed = False
for root in sys.argv[1:]:
    graph = imports(root)
    for circle in circles(graph):
        print(f"{root}: these modules import each other in a circle: {', '.join(circle)}")
        failed = True
    if os.path.normpath(root) == os.path.normpath("app/src"):
        for line in against_layers(graph) + writing_views(root) + wide_control(root):
            print(f"{root}: {line}")
            failed = True
if failed:
    sys.exit(1)
layers = " < ".join("/".join(sorted(layer)) for layer in APP_LAYERS)
print(f"no import circles in {', '.join(sys.argv[1:])}; app/src's layers: {layers}, io only from control, views read only and call only the faces of {', '.join(FACES)}")
