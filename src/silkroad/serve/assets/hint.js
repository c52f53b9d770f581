"use strict";
// The hint panel of a seat's page, shown when the table gives hints: the search's top
// three moves for this seat's own decision, asked of the server by this page alone and
// shown to it alone. A hint is cleared when the table moves on.
(function () {
  const token = decodeURIComponent(window.location.pathname.split("/").pop());
  const base = "/api/seat/" + encodeURIComponent(token);
  const panel = document.getElementById("hint-panel");
  const button = document.getElementById("hint-button");
  const status = document.getElementById("hint-status");
  const list = document.getElementById("hints");
  if (!panel || !button) {
    return;
  }

  function clear() {
    list.textContent = "";
    status.textContent = "";
    delete panel.dataset.at;
  }

  function show(answer) {
    clear();
    panel.dataset.at = String(answer.at);
    status.textContent = "The search's top moves (" + answer.iterations +
      " iterations, from what you can see):";
    answer.hints.forEach(function (hint) {
      const item = document.createElement("li");
      item.dataset.move = hint.move;
      const win = Math.round(100 * hint.win) + "% to win, " +
        (hint.margin >= 0 ? "+" : "") + hint.margin.toFixed(1) + " VP";
      item.textContent = hint.move + ": " + hint.words + " · " + win +
        " (" + hint.visits + " visits)";
      list.appendChild(item);
    });
  }

  button.addEventListener("click", function () {
    button.disabled = true;
    clear();
    status.textContent = "searching…";
    fetch(base + "/hint", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    })
      .then(function (r) { return r.json(); })
      .then(function (answer) {
        if (answer.error) {
          clear();
          status.textContent = answer.error;
        } else {
          show(answer);
        }
      })
      .catch(function (e) { status.textContent = e.message; })
      .finally(function () { button.disabled = false; });
  });

  fetch(base + "/hint")
    .then(function (r) { return r.json(); })
    .then(function (setting) {
      panel.hidden = !setting.hints;
      document.body.dataset.hints = setting.hints ? "on" : "off";
    })
    .catch(function () { panel.hidden = true; });

  // the seat's status changes after every decision: a hint shown is then out of date
  const seatStatus = document.getElementById("status");
  if (seatStatus) {
    new MutationObserver(function () {
      if (panel.dataset.at !== undefined) {
        clear();
      }
    }).observe(seatStatus, { subtree: true, childList: true, characterData: true });
  }
}());
