// The hand widget's view: draws cards, lets the learner select and group them.
//
// Python and the browser share only notation strings ("KS KH 2C JK"). A
// two-deck hand can hold the same card twice, so which *copy* is selected or
// grouped is tracked here, as hand positions; Python sees cards in hand order.

const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const SUIT_NAMES = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
const RANK_NAMES = {
  A: "ace", K: "king", Q: "queen", J: "jack", T: "ten", 9: "nine", 8: "eight",
  7: "seven", 6: "six", 5: "five", 4: "four", 3: "three", 2: "two",
};

// Python sends canonical notation, so splitting on spaces is enough.
function tokens(text) {
  return (text || "").split(/[\s,]+/).filter(Boolean);
}

function plural(n) {
  return n === 1 ? "1 card" : `${n} cards`;
}

function make(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function describe(token, wild) {
  const name = token === "JK"
    ? "🃏 joker"
    : `${token[0] === "T" ? "10" : token[0]}${SUITS[token[1]]} ${RANK_NAMES[token[0]]} of ${SUIT_NAMES[token[1]]}`;
  return wild ? `${name}, wild` : name;
}

function corner(token, where) {
  const box = make("span", `ct-corner ct-${where}`);
  if (token === "JK") {
    box.append(make("span", "ct-rank ct-joker-word", "JOKER"));
  } else {
    box.append(make("span", "ct-rank", token[0] === "T" ? "10" : token[0]));
    box.append(make("span", "ct-suit", SUITS[token[1]]));
  }
  return box;
}

// One card drawn with CSS: index corners, a large suit (or a framed court
// letter, or a star for a joker) and a "W" badge when its rank is wild.
function cardElement(token, wildRanks, small) {
  const rank = token === "JK" ? "JK" : token[0];
  const wild = wildRanks.has(rank);
  const card = make("div", "ct-card");
  if (small) card.classList.add("ct-small");
  card.classList.add(token === "JK" ? "ct-joker" : "HD".includes(token[1]) ? "ct-red" : "ct-black");
  if (wild) card.classList.add("ct-wild");
  card.dataset.card = token;
  card.setAttribute("aria-label", describe(token, wild));
  card.title = describe(token, wild);
  card.append(corner(token, "tl"));
  if (token === "JK") {
    card.append(make("span", "ct-pip ct-star", "★"));
  } else if ("JQK".includes(rank)) {
    const court = make("span", "ct-court");
    court.append(make("span", "ct-court-rank", rank), make("span", "ct-court-suit", SUITS[token[1]]));
    card.append(court);
  } else {
    card.append(make("span", "ct-pip", SUITS[token[1]]));
  }
  card.append(corner(token, "br"));
  if (wild) card.append(make("span", "ct-badge", "W"));
  return card;
}

function fan(cardTokens, wildRanks, className) {
  const row = make("div", `ct-fan ${className || ""}`.trim());
  for (const token of cardTokens) row.append(cardElement(token, wildRanks, true));
  return row;
}

// Map notation back onto hand positions, first free copy first.
function placeGreedily(hand, groups, selected) {
  const used = new Set();
  const take = (token) => {
    const i = hand.findIndex((t, k) => t === token && !used.has(k));
    if (i >= 0) used.add(i);
    return i;
  };
  const groupPos = groups.map((g) => g.map(take).filter((i) => i >= 0));
  const selPos = new Set(selected.map(take).filter((i) => i >= 0));
  return { groupPos, selPos };
}

// Progress is kept in the learner's own browser, under one key and in one
// shape that the course's static index reads too:
// {"lessons": {"<lesson>": "done"}, "exercises": {"<lesson>/<exercise>": true}}.
const PROGRESS_KEY = "canasta-tutor:progress";

function readProgress() {
  let stored = {};
  try {
    stored = JSON.parse(window.localStorage.getItem(PROGRESS_KEY) || "{}") || {};
  } catch (error) {
    stored = {}; // storage refused (private window) or a damaged entry: start afresh
  }
  const table = (value) => (value && typeof value === "object" && !Array.isArray(value) ? value : {});
  return { lessons: table(stored.lessons), exercises: table(stored.exercises) };
}

function writeProgress(progress) {
  try {
    window.localStorage.setItem(PROGRESS_KEY, JSON.stringify(progress));
  } catch (error) {
    // Without storage the progress lasts as long as the page; nothing else breaks.
  }
}

// The progress panel: merges what Python saw solved into the browser's store,
// marks the lesson done once all its exercises are, and reports the store back.
function renderProgress({ model, el }) {
  function sync() {
    const progress = readProgress();
    const lesson = model.get("lesson");
    const ids = model.get("exercises");
    let changed = false;
    for (const id of model.get("solved")) {
      const key = `${lesson}/${id}`;
      if (lesson && progress.exercises[key] !== true) {
        progress.exercises[key] = true;
        changed = true;
      }
    }
    if (lesson && ids.length && ids.every((id) => progress.exercises[`${lesson}/${id}`] === true) &&
        progress.lessons[lesson] !== "done") {
      progress.lessons[lesson] = "done";
      changed = true;
    }
    if (changed) writeProgress(progress);
    const text = JSON.stringify(progress);
    if (model.get("progress") !== text) {
      model.set("progress", text);
      model.save_changes();
    }
    draw(progress);
  }

  function draw(progress) {
    const lesson = model.get("lesson");
    const ids = model.get("exercises");
    const box = make("div", "ct-progress");
    box.dataset.testid = "progress";
    if (lesson) {
      const done = ids.filter((id) => progress.exercises[`${lesson}/${id}`] === true);
      box.dataset.done = String(done.length);
      box.append(make("span", "ct-label", "Your progress"));
      ids.forEach((id, k) => {
        const mark = make("span", done.includes(id) ? "ct-tick ct-done" : "ct-tick", done.includes(id) ? "✓" : String(k + 1));
        mark.title = done.includes(id) ? `exercise ${k + 1}: done` : `exercise ${k + 1}: not yet`;
        box.append(mark);
      });
      box.append(make("span", "ct-progress-note", progress.lessons[lesson] === "done"
        ? "lesson done" : `${done.length} of ${ids.length} exercises done`));
    } else {
      const done = Object.values(progress.lessons).filter((v) => v === "done").length;
      box.dataset.done = String(done);
      box.append(make("span", "ct-label", "Your progress"),
        make("span", "ct-progress-note", done === 1 ? "1 lesson done" : `${done} lessons done`));
    }
    box.append(make("span", "ct-progress-note ct-quiet", "(kept in this browser only)"));
    const root = make("div", "ct-widget ct-progress-widget");
    root.append(box);
    el.replaceChildren(root);
  }

  const onStorage = (event) => { if (event.key === PROGRESS_KEY) sync(); };
  window.addEventListener("storage", onStorage);
  const names = ["lesson", "exercises", "solved"];
  for (const name of names) model.on(`change:${name}`, sync);
  sync();
  return () => {
    for (const name of names) model.off(`change:${name}`, sync);
    window.removeEventListener("storage", onStorage);
  };
}

function spell(hand, positions) {
  return positions.map((i) => hand[i]).join(" ");
}

function byPosition(set) {
  return [...set].sort((a, b) => a - b);
}

export default {
  render({ model, el }) {
    if (model.get("panel") === "progress") return renderProgress({ model, el });
    let selPos = new Set();
    let groupPos = [];
    let focusPos = 0;
    let lastToggled = null;

    // Keep our own positions while they still spell what the model holds, so
    // clicking the second of two K♠ does not make the first one jump up.
    function reconcile(hand) {
      const groups = model.get("groups").map(tokens);
      const selected = tokens(model.get("selected"));
      const inHand = (i) => Number.isInteger(i) && i >= 0 && i < hand.length;
      const stillGood =
        groupPos.length === groups.length &&
        groupPos.every((g, k) => g.every(inHand) && spell(hand, g) === groups[k].join(" ")) &&
        [...selPos].every(inHand) &&
        spell(hand, byPosition(selPos)) === selected.join(" ");
      if (!stillGood) ({ groupPos, selPos } = placeGreedily(hand, groups, selected));
    }

    // Each model.set fires its change event at once; drawing between the two
    // sets would see new groups with an old selection and re-place both.
    let sending = false;
    function send(hand) {
      sending = true;
      try {
        model.set("selected", spell(hand, byPosition(selPos)));
        model.set("groups", groupPos.map((g) => spell(hand, g)));
        model.save_changes();
      } finally {
        sending = false;
      }
    }

    function draw() {
      if (sending) return;
      const hand = tokens(model.get("hand"));
      const wildRanks = new Set(tokens(model.get("wild")));
      const readonly = model.get("readonly");
      reconcile(hand);
      const grouped = new Set(groupPos.flat());
      const free = hand.map((_, i) => i).filter((i) => !grouped.has(i));
      if (!free.includes(focusPos)) focusPos = free.length ? free[0] : 0;
      // Hosts such as marimo draw widgets in a shadow root, where the
      // document's activeElement is only the host element.
      const active = el.getRootNode().activeElement || document.activeElement;
      const hadFocus = Boolean(active) && el.contains(active) &&
        active.dataset.testid === "hand-card";

      const root = make("div", "ct-widget");
      root.dataset.testid = "hand-widget";
      if (readonly) root.classList.add("ct-readonly");

      // The side's melds and the pile, as on the table.
      const table = make("div", "ct-table");
      const meldsBox = make("div", "ct-melds");
      meldsBox.dataset.testid = "melds";
      meldsBox.append(make("div", "ct-label", "Melds"));
      const melds = model.get("melds");
      const meldRow = make("div", "ct-meld-row");
      if (!melds.length) meldRow.append(make("div", "ct-empty", "no melds yet"));
      melds.forEach((text, k) => {
        const meld = make("div", "ct-meld");
        meld.dataset.testid = `meld-${k}`;
        const cards = tokens(text);
        // Numbered as the verdicts number them ("lay off to 2").
        const name = make("div", "ct-meld-number", String(k + 1));
        name.setAttribute("aria-label", `meld ${k + 1}`);
        meld.append(name, fan(cards, wildRanks), make("div", "ct-count", plural(cards.length)));
        meldRow.append(meld);
      });
      meldsBox.append(meldRow);

      const pile = tokens(model.get("discard"));
      const pileBox = make("div", "ct-pile");
      pileBox.dataset.testid = "pile";
      pileBox.dataset.count = String(pile.length);
      pileBox.append(make("div", "ct-label", "Pile"));
      const stack = make("div", "ct-stack");
      // Only the edges of a few lower cards show, as on a squared pile.
      const edges = Math.min(Math.max(pile.length - 1, 0), 4);
      stack.style.setProperty("--edges", String(edges));
      for (let k = 0; k < edges; k++) {
        const edge = make("div", "ct-edge");
        edge.style.setProperty("--depth", String(edges - k));
        stack.append(edge);
      }
      if (pile.length) {
        const top = cardElement(pile[pile.length - 1], wildRanks, true);
        top.dataset.testid = "pile-top";
        stack.append(top);
      } else {
        stack.append(make("div", "ct-empty ct-small-slot", "empty"));
      }
      pileBox.append(stack, make("div", "ct-count", plural(pile.length)));
      table.append(meldsBox, pileBox);

      // The hand.
      const handLabel = make("div", "ct-label", `Hand (${plural(hand.length)})`);
      const handRow = make("div", "ct-hand");
      handRow.dataset.testid = "hand";
      handRow.setAttribute("role", "listbox");
      handRow.setAttribute("aria-multiselectable", "true");
      handRow.setAttribute("aria-label", "Your hand");
      if (!hand.length) handRow.append(make("div", "ct-empty", "no cards"));
      hand.forEach((token, i) => {
        const card = cardElement(token, wildRanks, false);
        card.dataset.index = String(i);
        card.dataset.testid = "hand-card";
        card.setAttribute("role", "option");
        const isSelected = selPos.has(i);
        card.setAttribute("aria-selected", String(isSelected));
        if (isSelected) card.classList.add("ct-selected");
        if (grouped.has(i)) {
          card.classList.add("ct-in-group");
          card.setAttribute("aria-disabled", "true");
        }
        card.tabIndex = !readonly && i === focusPos && !grouped.has(i) ? 0 : -1;
        handRow.append(card);
      });

      // Proposed melds and the buttons that make them.
      const controls = make("div", "ct-controls");
      const groupButton = make("button", "ct-button", "Group");
      groupButton.type = "button";
      groupButton.dataset.testid = "group-button";
      groupButton.disabled = readonly || selPos.size === 0;
      const clearButton = make("button", "ct-button ct-secondary", "Clear");
      clearButton.type = "button";
      clearButton.dataset.testid = "clear-button";
      clearButton.disabled = readonly || (selPos.size === 0 && groupPos.length === 0);
      controls.append(groupButton, clearButton);

      const groupsBox = make("div", "ct-groups");
      groupsBox.dataset.testid = "groups";
      groupPos.forEach((positions, k) => {
        const group = make("div", "ct-group");
        group.dataset.testid = `group-${k}`;
        group.append(fan(positions.map((i) => hand[i]), wildRanks));
        if (!readonly) {
          const remove = make("button", "ct-remove", "×");
          remove.type = "button";
          remove.dataset.testid = `remove-group-${k}`;
          remove.dataset.group = String(k);
          remove.setAttribute("aria-label", `Remove group ${k + 1}`);
          group.append(remove);
        }
        groupsBox.append(group);
      });
      controls.append(groupsBox);

      const message = make("div", "ct-message", model.get("message"));
      message.dataset.testid = "message";
      message.setAttribute("role", "status");
      message.setAttribute("aria-live", "polite");
      if (!model.get("message")) message.classList.add("ct-hidden");

      root.append(table, handLabel, handRow);
      if (!readonly) root.append(controls);
      root.append(message);
      el.replaceChildren(root);
      if (hadFocus) {
        const target = handRow.querySelector(`[data-index="${focusPos}"]`);
        if (target) target.focus({ preventScroll: true });
      }
      if (lastToggled !== null) {
        const target = handRow.querySelector(`[data-index="${lastToggled}"]`);
        if (target && target.scrollIntoView) target.scrollIntoView({ block: "nearest", inline: "nearest" });
        lastToggled = null;
      }
    }

    function toggle(i) {
      const hand = tokens(model.get("hand"));
      if (model.get("readonly") || groupPos.flat().includes(i) || i >= hand.length) return;
      focusPos = i;
      lastToggled = i;
      if (selPos.has(i)) selPos.delete(i);
      else selPos.add(i);
      send(hand);
      draw();
    }

    function moveFocus(step, toEnd) {
      const grouped = new Set(groupPos.flat());
      const free = tokens(model.get("hand")).map((_, i) => i).filter((i) => !grouped.has(i));
      if (!free.length) return;
      let k = free.indexOf(focusPos);
      if (toEnd) k = step < 0 ? 0 : free.length - 1;
      else k = Math.min(Math.max((k < 0 ? 0 : k) + step, 0), free.length - 1);
      focusPos = free[k];
      const target = el.querySelector(`[data-testid="hand-card"][data-index="${focusPos}"]`);
      el.querySelectorAll('[data-testid="hand-card"]').forEach((c) => { c.tabIndex = -1; });
      if (target) {
        target.tabIndex = 0;
        target.focus();
      }
    }

    // One listener on the container survives every redraw.
    function onClick(event) {
      const card = event.target.closest('[data-testid="hand-card"]');
      if (card) return toggle(Number(card.dataset.index));
      const button = event.target.closest("button");
      if (!button || model.get("readonly")) return;
      const hand = tokens(model.get("hand"));
      if (button.dataset.testid === "group-button" && selPos.size) {
        groupPos = [...groupPos, byPosition(selPos)];
        selPos = new Set();
      } else if (button.dataset.testid === "clear-button") {
        groupPos = [];
        selPos = new Set();
      } else if (button.dataset.group !== undefined) {
        groupPos = groupPos.filter((_, k) => k !== Number(button.dataset.group));
      } else {
        return;
      }
      send(hand);
      draw();
    }

    function onKey(event) {
      const card = event.target.closest('[data-testid="hand-card"]');
      if (!card) return;
      const keys = {
        ArrowLeft: () => moveFocus(-1), ArrowRight: () => moveFocus(1),
        Home: () => moveFocus(-1, true), End: () => moveFocus(1, true),
        " ": () => toggle(Number(card.dataset.index)),
        Enter: () => toggle(Number(card.dataset.index)),
      };
      if (keys[event.key]) {
        event.preventDefault();
        keys[event.key]();
      }
    }

    // Focus can also arrive by Tab or a click; arrow keys move on from there.
    function onFocus(event) {
      const card = event.target.closest('[data-testid="hand-card"]');
      if (card && !card.classList.contains("ct-in-group")) focusPos = Number(card.dataset.index);
    }

    el.addEventListener("click", onClick);
    el.addEventListener("keydown", onKey);
    el.addEventListener("focusin", onFocus);
    const names = ["hand", "melds", "discard", "wild", "selected", "groups", "message", "readonly"];
    for (const name of names) model.on(`change:${name}`, draw);
    draw();
    return () => {
      for (const name of names) model.off(`change:${name}`, draw);
      el.removeEventListener("click", onClick);
      el.removeEventListener("keydown", onKey);
      el.removeEventListener("focusin", onFocus);
    };
  },
};
