// A small piece of the learner's browser storage, shared with Python.
//
// On first render the stored text (or "" when there is none, or storage is
// refused) is sent to Python with `loaded` set; afterwards whatever Python
// puts in `value` is written back under the same key. Nothing else is drawn
// but one quiet line saying where the record lives.

function read(key) {
  try {
    return window.localStorage.getItem(key) || "";
  } catch (_) {
    return "";  // storage refused (private window, a sandboxed frame)
  }
}

function write(key, value) {
  try {
    window.localStorage.setItem(key, value);
    return true;
  } catch (_) {
    return false;
  }
}

function render({ model, el }) {
  const note = document.createElement("span");
  note.className = "ct-store-note";
  el.append(note);
  const key = model.get("key");
  if (!model.get("loaded")) {
    model.set("value", read(key));
    model.set("loaded", true);
    model.save_changes();
  }
  const show = (saved) => {
    note.textContent = saved ? model.get("note") : "This browser does not keep records: progress lasts for this visit.";
  };
  show(true);
  model.on("change:value", () => show(write(key, model.get("value"))));
}

export default { render };
