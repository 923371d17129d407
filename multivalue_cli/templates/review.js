// Review page: click a change to mark it wrong, judge the item, comment; everything is kept in
// localStorage (keyed by the review's id) and downloaded as judgments-<name>.json.
(function () {
  "use strict";
  const data = JSON.parse(document.getElementById("review-data").textContent);
  const storeKey = "multivalue-review:" + data.review;
  const articles = Array.from(document.querySelectorAll("article.item"));
  const edits = new Map(data.items.map((i) => [i.item, i.edits]));
  let state = load();
  let current = 0;

  function load() {
    try {
      const saved = JSON.parse(localStorage.getItem(storeKey) || "null");
      if (saved && typeof saved.items === "object") return saved;
    } catch (e) { /* unreadable: start afresh */ }
    return { annotator: "", items: {} };
  }

  function save() {
    try { localStorage.setItem(storeKey, JSON.stringify(state)); }
    catch (e) { say("could not save in this browser: download your judgments now"); }
  }

  function judgment(id) {
    if (!state.items[id]) state.items[id] = { wrong_edits: [], acceptable: null, comment: "" };
    return state.items[id];
  }

  function say(text) { document.getElementById("message").textContent = text; }

  function render(article) {
    const id = article.dataset.item;
    const j = state.items[id] || { wrong_edits: [], acceptable: null, comment: "" };
    article.querySelectorAll(".edit").forEach((mark) => {
      const wrong = mark.dataset.edits.split(" ").some((e) => j.wrong_edits.includes(e));
      mark.classList.toggle("wrong", wrong);
      if (mark.tagName === "BUTTON") mark.setAttribute("aria-pressed", String(wrong));
    });
    article.querySelectorAll("input[type=radio]").forEach((radio) => {
      radio.checked = j.acceptable !== null && (radio.value === "yes") === j.acceptable;
    });
    const box = article.querySelector("textarea[data-comment]");
    if (document.activeElement !== box) box.value = j.comment || "";
    article.classList.toggle("judged", j.acceptable !== null);
  }

  function progress() {
    const done = articles.filter((a) => (state.items[a.dataset.item] || {}).acceptable != null).length;
    document.getElementById("progress").textContent = done + " of " + articles.length + " judged";
    document.getElementById("progress-bar").value = done;
  }

  function update(article) { render(article); progress(); save(); }

  function toggle(article, ids) {
    const j = judgment(article.dataset.item);
    const wrong = ids.some((e) => j.wrong_edits.includes(e));
    j.wrong_edits = wrong ? j.wrong_edits.filter((e) => !ids.includes(e))
                          : j.wrong_edits.concat(ids.filter((e) => !j.wrong_edits.includes(e)));
    j.wrong_edits.sort((a, b) => edits.get(article.dataset.item).indexOf(a) -
                                 edits.get(article.dataset.item).indexOf(b));
    if (j.wrong_edits.length && j.acceptable === null) j.acceptable = false;
    update(article);
  }

  function setCurrent(index, focus) {
    if (index < 0 || index >= articles.length) return;
    articles[current].classList.remove("current");
    current = index;
    articles[current].classList.add("current");
    if (focus) {
      articles[current].focus({ preventScroll: true });
      articles[current].scrollIntoView({ block: "center" });
    }
  }

  articles.forEach((article, index) => {
    article.addEventListener("focusin", () => setCurrent(index, false));
    article.addEventListener("click", () => setCurrent(index, false));
    article.querySelectorAll("button.edit").forEach((mark) => {
      mark.addEventListener("click", () => toggle(article, mark.dataset.edits.split(" ")));
    });
    article.querySelectorAll("input[type=radio]").forEach((radio) => {
      radio.addEventListener("change", () => {
        judgment(article.dataset.item).acceptable = radio.value === "yes";
        update(article);
      });
    });
    article.querySelector("textarea[data-comment]").addEventListener("input", (event) => {
      judgment(article.dataset.item).comment = event.target.value;
      save();
    });
    render(article);
  });

  const name = document.getElementById("annotator");
  name.value = state.annotator || "";
  name.addEventListener("input", () => { state.annotator = name.value.trim(); save(); });

  document.getElementById("download").addEventListener("click", () => {
    const annotator = name.value.trim();
    if (!annotator) { say("enter your name first"); name.focus(); return; }
    const judgments = articles.map((a) => a.dataset.item)
      .filter((id) => state.items[id] && (state.items[id].acceptable !== null ||
                                           state.items[id].wrong_edits.length || state.items[id].comment))
      .map((id) => Object.assign({ item: id }, state.items[id]));
    const body = JSON.stringify({ review: data.review, annotator: annotator, judgments: judgments }, null, 1);
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([body], { type: "application/json" }));
    link.download = "judgments-" + annotator.replace(/[^\p{L}\p{N}._-]+/gu, "_") + ".json";
    document.body.appendChild(link);
    link.click();
    link.remove();
    say("saved " + link.download + " (" + judgments.length + " items)");
  });

  document.addEventListener("keydown", (event) => {
    const target = event.target;
    if (event.key === "Escape" && target.tagName === "TEXTAREA") { articles[current].focus(); return; }
    if (event.ctrlKey || event.metaKey || event.altKey || target.tagName === "TEXTAREA" ||
        (target.tagName === "INPUT" && target.type !== "radio")) return;
    const article = articles[current];
    const marks = Array.from(article.querySelectorAll("button.edit"));
    if (event.key === "j") setCurrent(current + 1, true);
    else if (event.key === "k") setCurrent(current - 1, true);
    else if (event.key === "y" || event.key === "n") {
      judgment(article.dataset.item).acceptable = event.key === "y";
      update(article);
    } else if (event.key === "c") article.querySelector("textarea[data-comment]").focus();
    else if (/^[1-9]$/.test(event.key) && marks[Number(event.key) - 1]) {
      toggle(article, marks[Number(event.key) - 1].dataset.edits.split(" "));
    } else return;
    event.preventDefault();
  });

  if (articles.length) setCurrent(0, false);
  progress();
})();
