"use strict";
// The analysis of an annotated record (silkroad analyze --save): each seat's win chance
// by the search up to the step shown, the decisions that mattered so far, and the better
// move at the decision just made. It follows the viewer: whenever the step or the seat
// shown changes, it draws again; nothing after the step shown is drawn.
(function () {
  const data = JSON.parse(document.getElementById("data").textContent);
  if (!data.analysis) {
    return;
  }
  const section = document.getElementById("analysis");
  const plot = document.getElementById("analysis-plot");
  const text = document.getElementById("analysis-text");
  const seatSelect = document.getElementById("seat");
  const stepNumber = document.getElementById("step-number");
  const SVG = "http://www.w3.org/2000/svg";
  // How many of the largest drops so far are marked as the decisions that mattered.
  const MATTERED = 5;
  section.hidden = false;
  let shownView = null;

  function percent(value) {
    return value === null ? "not searched" : Math.round(100 * value) + "% to win";
  }

  function margin(value) {
    return value === null ? "" : ", " + (value >= 0 ? "+" : "") + value.toFixed(1) + " VP";
  }

  // The decisions of the view made before ``step``, and the largest drops among them.
  function upTo(entries, step) {
    return entries.filter(function (e) { return e.n <= step; });
  }

  function mattered(entries) {
    const dropped = entries.filter(function (e) { return e.drop !== null && e.drop > 0; });
    dropped.sort(function (a, b) { return b.drop - a.drop || a.n - b.n; });
    return dropped.slice(0, MATTERED);
  }

  function draw() {
    const view = seatSelect.value || data.views[0];
    const step = parseInt(stepNumber.textContent, 10) || 0;
    const entries = data.analysis[view] || [];
    if (shownView !== view) {
      plot.innerHTML = data.analysis_plots[view];
      shownView = view;
    }
    const cursor = document.getElementById("analysis-cursor");
    const left = parseFloat(cursor.dataset.left);
    const width = parseFloat(cursor.dataset.width);
    const top = parseFloat(cursor.dataset.top);
    const bottom = parseFloat(cursor.dataset.bottom);
    const steps = Math.max(1, data.moves.length);
    const x = function (n) { return left + width * n / steps; };
    const y = function (v) { return bottom - (bottom - top) * v; };
    const made = upTo(entries, step);
    plot.querySelectorAll("polyline[data-aseries]").forEach(function (line) {
      const p = parseInt(line.dataset.aseries, 10);
      const points = [];
      for (const e of made) {
        if (e.player === p) {
          const v = e.played === null ? e.best : e.played;
          points.push(x(e.n) + "," + y(v));
        }
      }
      line.setAttribute("points", points.join(" "));
    });
    const marks = document.getElementById("analysis-marks");
    while (marks.firstChild) {
      marks.removeChild(marks.firstChild);
    }
    const top5 = mattered(made);
    for (const e of top5) {
      const mark = document.createElementNS(SVG, "circle");
      mark.setAttribute("cx", String(x(e.n)));
      mark.setAttribute("cy", String(y(e.played === null ? e.best : e.played)));
      mark.setAttribute("r", "4");
      mark.setAttribute("fill", "none");
      mark.setAttribute("stroke", "#c0392b");
      mark.setAttribute("stroke-width", "2");
      mark.dataset.mattered = String(e.n);
      const title = document.createElementNS(SVG, "title");
      title.textContent = "move " + e.n + ": drop of " + Math.round(100 * e.drop) + " points";
      mark.appendChild(title);
      marks.appendChild(mark);
    }
    cursor.setAttribute("points", x(step) + "," + top + " " + x(step) + "," + bottom);
    // the decision just made, if the view has its analysis
    const last = made.length && made[made.length - 1].n === step ? made[made.length - 1] : null;
    text.textContent = "";
    text.dataset.decision = last === null ? "" : String(last.n);
    if (last === null) {
      text.textContent = step === 0 ? "" : "no analysis of move " + step + " in this view";
      return;
    }
    const head = document.createElement("div");
    head.textContent = "Move " + last.n + ", P" + last.player + " played " + last.move + ": " +
      percent(last.played) + margin(last.margin) +
      (top5.indexOf(last) >= 0 ? " · one of the decisions that mattered" : "");
    text.appendChild(head);
    if (last.best_move !== last.move) {
      const better = document.createElement("div");
      better.className = "better";
      better.textContent = "Better: " + last.best_move + " (" + last.best_words + "): " +
        percent(last.best) + margin(last.best_margin);
      text.appendChild(better);
    } else {
      const same = document.createElement("div");
      same.textContent = "The search prefers the move played.";
      text.appendChild(same);
    }
  }

  new MutationObserver(draw).observe(document.getElementById("status"), {
    subtree: true, childList: true, characterData: true,
  });
  seatSelect.addEventListener("change", draw);
  draw();
}());
