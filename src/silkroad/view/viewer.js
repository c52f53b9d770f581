"use strict";
// The record viewer: everything it shows is in the JSON of #data (no network).
(function () {
  const data = JSON.parse(document.getElementById("data").textContent);
  const total = data.moves.length;
  const board = document.getElementById("board");
  const list = document.getElementById("moves");
  const seatSelect = document.getElementById("seat");
  const slider = document.getElementById("slider");
  const jump = document.getElementById("jump");
  const plot = document.getElementById("plot");
  const state = { step: 0, view: data.views[0], timer: null, plotView: null };

  function label(view) {
    return view === "all" ? "everything" : "P" + view;
  }
  document.getElementById("step-total").textContent = String(total);
  slider.max = String(total);
  jump.max = String(total);
  for (const view of data.views) {
    const option = document.createElement("option");
    option.value = view;
    option.textContent = label(view);
    seatSelect.appendChild(option);
  }
  if (data.views.length === 1) {
    seatSelect.disabled = true;
  }
  const items = data.moves.map(function (move, i) {
    const li = document.createElement("li");
    li.value = move.n;
    li.dataset.step = String(i + 1);
    li.addEventListener("click", function () { go(i + 1); });
    list.appendChild(li);
    return li;
  });
  const tbody = document.querySelector("#vp tbody");
  const rows = [];
  for (let p = 0; p < data.players; p += 1) {
    const tr = document.createElement("tr");
    tr.dataset.player = String(p);
    const name = document.createElement("td");
    name.className = "p" + p;
    name.textContent = "P" + p;
    const vp = document.createElement("td");
    vp.className = "vp";
    tr.appendChild(name);
    tr.appendChild(vp);
    tbody.appendChild(tr);
    rows.push(tr);
  }

  function readHash() {
    const params = new URLSearchParams(window.location.hash.replace(/^#/, ""));
    const step = parseInt(params.get("step") || "", 10);
    const seat = params.get("seat");
    if (!Number.isNaN(step)) {
      state.step = Math.max(0, Math.min(total, step));
    }
    if (seat !== null && data.views.indexOf(seat) >= 0) {
      state.view = seat;
    }
  }

  function writeHash() {
    const hash = "#step=" + state.step + "&seat=" + state.view;
    if (window.location.hash !== hash) {
      history.replaceState(null, "", hash);
    }
  }

  // A seat's view tells a move only once it is made, not even who makes it: a later move
  // may name a card still hidden from the seat at this step, and who decides how often
  // tells what the cards allowed.
  function future(i) {
    return state.view !== "all" && i >= state.step;
  }

  function moveText(i) {
    const move = data.moves[i];
    if (future(i)) {
      return "…";
    }
    const who = move.player === null ? "" : "P" + move.player + ": ";
    return who + move.text[state.view];
  }

  // The VP of every player up to this step, scaled to the most reached so far: the plot
  // shows nothing of the steps after it.
  function drawPlot(series, step) {
    const cursor = document.getElementById("cursor");
    if (!cursor) {
      return;
    }
    const left = parseFloat(cursor.dataset.left);
    const width = parseFloat(cursor.dataset.width);
    const top = parseFloat(cursor.dataset.top);
    const bottom = parseFloat(cursor.dataset.bottom);
    const steps = Math.max(1, total);
    let high = 1;
    for (let i = 0; i <= step; i += 1) {
      for (const v of series[i]) {
        high = Math.max(high, v);
      }
    }
    plot.querySelectorAll("[data-tick]").forEach(function (tick) {
      tick.textContent = String(Math.round(high * parseInt(tick.dataset.tick, 10) / 4));
    });
    plot.querySelectorAll("polyline[data-series]").forEach(function (line) {
      const p = parseInt(line.dataset.series, 10);
      const points = [];
      for (let i = 0; i <= step; i += 1) {
        const x = left + width * i / steps;
        const y = bottom - (bottom - top) * series[i][p] / high;
        points.push(x + "," + y);
      }
      line.setAttribute("points", points.join(" "));
    });
    const x = left + width * step / steps;
    cursor.setAttribute("points", x + "," + top + " " + x + "," + bottom);
  }

  function render() {
    const view = state.view;
    const step = state.step;
    board.innerHTML = data.boards[view][step].map(function (i) { return data.fragments[i]; }).join("\n");
    document.getElementById("step-number").textContent = String(step);
    const actor = data.actors[step];
    let text = step === 0 ? "setup" : "after " + moveText(step - 1);
    if (step < total && state.view === "all") {
      text += " · next: " + moveText(step);
    } else if (step < total) {
      text += " · next: P" + actor + " to decide";
    } else {
      text += " · " + data.result;
    }
    document.getElementById("step-text").textContent = text;
    // the result belongs to the end of the record: shown at its last step only
    document.getElementById("result").textContent = step === total
      ? "Result: " + data.result
      : "Result: shown at the last step (step " + total + ")";
    const vp = data.vp[view][step];
    rows.forEach(function (tr, p) {
      tr.lastChild.textContent = String(vp[p]);
      tr.classList.toggle("acting", actor === p);
    });
    if (state.plotView !== view) {
      plot.innerHTML = data.plots[view];
      state.plotView = view;
    }
    drawPlot(data.vp[view], step);
    items.forEach(function (li, i) {
      const move = data.moves[i];
      li.title = "go to step " + (i + 1);
      li.textContent = moveText(i);
      li.classList.toggle("current", i + 1 === step);
      li.classList.toggle("future", i + 1 > step);
      li.classList.toggle("hidden-move", !future(i) && move.text[view] === "a hidden decision");
    });
    if (step > 0) {
      const li = items[step - 1];
      const top = li.offsetTop - list.offsetTop;
      if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - li.offsetHeight) {
        list.scrollTop = top - list.clientHeight / 2;
      }
    }
    slider.value = String(step);
    jump.value = String(step);
    seatSelect.value = view;
    writeHash();
  }

  function go(step) {
    state.step = Math.max(0, Math.min(total, step));
    render();
  }

  function toggle() {
    const button = document.getElementById("play");
    if (state.timer !== null) {
      clearInterval(state.timer);
      state.timer = null;
      button.textContent = "play";
      return;
    }
    button.textContent = "pause";
    state.timer = setInterval(function () {
      if (state.step >= total) {
        toggle();
      } else {
        go(state.step + 1);
      }
    }, 600);
  }

  document.getElementById("first").addEventListener("click", function () { go(0); });
  document.getElementById("back").addEventListener("click", function () { go(state.step - 1); });
  document.getElementById("forward").addEventListener("click", function () { go(state.step + 1); });
  document.getElementById("last").addEventListener("click", function () { go(total); });
  document.getElementById("play").addEventListener("click", toggle);
  slider.addEventListener("input", function () { go(parseInt(slider.value, 10)); });
  jump.addEventListener("change", function () {
    const step = parseInt(jump.value, 10);
    if (!Number.isNaN(step)) { go(step); }
  });
  seatSelect.addEventListener("change", function () {
    state.view = seatSelect.value;
    render();
  });
  document.addEventListener("keydown", function (event) {
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) {
      return;
    }
    const keys = { ArrowRight: 1, ArrowLeft: -1 };
    if (event.key in keys) {
      go(state.step + keys[event.key]);
    } else if (event.key === "Home") {
      go(0);
    } else if (event.key === "End") {
      go(total);
    } else if (event.key === " ") {
      toggle();
    } else {
      return;
    }
    event.preventDefault();
  });
  window.addEventListener("hashchange", function () {
    readHash();
    render();
  });
  readHash();
  render();
  document.body.dataset.ready = "true";
}());
