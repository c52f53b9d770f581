"use strict";
// A seat's page: the seat's full view, sent by the server over a WebSocket when the page
// connects, then an update after every decision (the new decision, the changed lines of
// the picture, the new log lines); a move is sent back as its notation and checked by
// the server's engine.
(function () {
  const token = decodeURIComponent(window.location.pathname.split("/").pop());
  const board = document.getElementById("board");
  const status = document.getElementById("status");
  const choices = document.getElementById("choices");
  const decision = document.getElementById("decision");
  const filter = document.getElementById("filter");
  const message = document.getElementById("message");
  const log = document.getElementById("log");
  const connection = document.getElementById("connection");
  const toMoves = document.getElementById("to-moves");
  const page = {
    socket: null, at: null, seat: null, labels: [], retry: 500, waiting: false, lines: [],
  };

  function element(tag, props, children) {
    const e = document.createElement(tag);
    Object.assign(e, props || {});
    (children || []).forEach(function (c) { e.appendChild(c); });
    return e;
  }

  function label(player) {
    if (player === page.seat) {
      return "you";
    }
    return page.labels[player] || (player === null ? "" : "P" + player);
  }

  function send(move) {
    if (!page.socket || page.socket.readyState !== WebSocket.OPEN || page.waiting) {
      return;
    }
    page.waiting = true;
    choices.querySelectorAll("button").forEach(function (b) { b.disabled = true; });
    message.textContent = "";
    page.socket.send(JSON.stringify({ type: "move", move: move, at: page.at }));
  }

  function showChoices(view) {
    choices.textContent = "";
    decision.hidden = view.choices.length === 0;
    filter.hidden = view.choices.length <= 12;
    filter.value = "";
    view.choices.forEach(function (choice, i) {
      const button = element("button", { type: "button" }, [
        document.createTextNode(choice.text),
        element("span", { className: "notation", textContent: choice.move }),
      ]);
      button.dataset.move = choice.move;
      button.addEventListener("click", function () { send(choice.move); });
      const item = element("li", {}, [button]);
      item.dataset.index = String(i);
      choices.appendChild(item);
    });
    applyFilter();
  }

  function applyFilter() {
    const words = filter.value.toLowerCase().split(/\s+/).filter(function (w) { return w; });
    choices.querySelectorAll("li").forEach(function (item) {
      const text = item.textContent.toLowerCase();
      item.hidden = !words.every(function (w) { return text.indexOf(w) >= 0; });
    });
  }

  function addLog(entries) {
    entries.forEach(function (entry) {
      const item = element("li", { value: entry.n });
      item.dataset.n = String(entry.n);
      item.appendChild(document.createTextNode(label(entry.player) + ": " + entry.text));
      if (entry.notation !== null && entry.notation !== entry.text) {
        item.appendChild(element("span", { className: "notation", textContent: entry.notation }));
      }
      if (entry.player === page.seat) {
        item.classList.add("mine");
      }
      if (entry.events.length) {
        item.appendChild(element("ul", { className: "events" }, entry.events.map(function (e) {
          return element("li", { textContent: e });
        })));
      }
      log.appendChild(item);
    });
    if (entries.length) {
      log.scrollTop = log.scrollHeight;
    }
  }

  // The first message: everything the page shows.
  function show(view) {
    page.seat = view.seat;
    page.labels = view.seats.map(function (s) { return s.label; });
    document.title = view.title + ": " + view.seats[view.seat].label;
    document.getElementById("title").textContent = view.title + " · table " + view.table;
    document.getElementById("who").textContent = "your seat: " + view.seats[view.seat].label;
    page.lines = view.picture.split("\n");
    board.innerHTML = view.picture;
    decide(view);
  }

  // A later message: the lines of the picture that changed (each [start, end, lines]
  // replaces lines start..end of the picture shown, applied from the last), and the new
  // decision and log lines. An update from another view than the one shown (or one
  // that does not add up) asks the server for the full view.
  function update(message) {
    if (message.base !== page.at) {
      refresh();
      return;
    }
    const lines = page.lines.slice();
    message.picture.patch.slice().reverse().forEach(function (change) {
      Array.prototype.splice.apply(lines, [change[0], change[1] - change[0]].concat(change[2]));
    });
    if (lines.length !== message.picture.lines) {
      refresh();
      return;
    }
    if (message.picture.patch.length) {
      page.lines = lines;
      board.innerHTML = lines.join("\n");
    }
    decide(message);
  }

  function refresh() {
    if (page.socket && page.socket.readyState === WebSocket.OPEN) {
      page.socket.send(JSON.stringify({ type: "refresh" }));
    }
  }

  function decide(view) {
    page.at = view.at;
    page.waiting = false;
    status.textContent = view.status;
    document.getElementById("result").textContent = view.result ? view.result.text : "";
    document.body.classList.toggle("my-turn", view.choices.length > 0);
    toMoves.hidden = view.choices.length === 0;
    showChoices(view);
    if (view.log_start === 0) {
      log.textContent = "";
    }
    addLog(view.log);
    document.body.dataset.at = String(view.at);
    document.body.dataset.toAct = view.to_act === null ? "" : String(view.to_act);
    document.body.dataset.over = String(view.over);
    document.body.dataset.ready = "true";
  }

  function connect() {
    const scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    const socket = new WebSocket(scheme + window.location.host + "/ws/" + encodeURIComponent(token));
    page.socket = socket;
    socket.addEventListener("open", function () {
      connection.textContent = "connected";
      connection.className = "online";
      page.retry = 500;
    });
    socket.addEventListener("message", function (event) {
      const data = JSON.parse(event.data);
      if (data.type === "table") {
        show(data);
      } else if (data.type === "update") {
        update(data);
      } else if (data.type === "refused" || data.type === "error") {
        page.waiting = false;
        choices.querySelectorAll("button").forEach(function (b) { b.disabled = false; });
        message.textContent = data.message;
        document.body.dataset.refused = data.message;
      }
    });
    socket.addEventListener("close", function (event) {
      connection.textContent = "offline: reconnecting…";
      connection.className = "offline";
      page.waiting = false;
      if (event.code === 4404) {
        status.textContent = "This link names no seat of this server.";
        return;
      }
      setTimeout(connect, page.retry);
      page.retry = Math.min(10000, page.retry * 2);
    });
  }

  // A click on the picture narrows the moves to those that name what was clicked: a word
  // of the clicked text that holds a digit (an id such as t402 or b3) and that a move
  // names, else the name of the card clicked (the first text after its outline).
  function named(word) {
    const w = word.toLowerCase();
    return Array.from(choices.querySelectorAll("li")).some(function (item) {
      return item.textContent.toLowerCase().split(/[^a-z0-9.]+/).indexOf(w) >= 0;
    });
  }

  function clicked(event) {
    const text = event.target.closest ? event.target.closest("text") : null;
    if (text) {
      const words = text.textContent.match(/[A-Za-z]*\d+(\.\d+)?/g) || [];
      const word = words.find(function (w) { return /[A-Za-z]/.test(w) && named(w); });
      if (word) {
        return word;
      }
    }
    let best = null;
    let area = Infinity;
    board.querySelectorAll("rect[data-card]").forEach(function (rect) {
      const box = rect.getBoundingClientRect();
      const inside = event.clientX >= box.left && event.clientX <= box.right &&
        event.clientY >= box.top && event.clientY <= box.bottom;
      if (inside && box.width * box.height < area) {
        best = rect;
        area = box.width * box.height;
      }
    });
    let name = best ? best.nextElementSibling : null;
    while (name && name.tagName.toLowerCase() !== "text") {
      name = name.nextElementSibling;
    }
    return name ? name.textContent.trim() : null;
  }

  board.addEventListener("click", function (event) {
    if (decision.hidden) {
      return;
    }
    const key = clicked(event);
    if (!key) {
      return;
    }
    filter.hidden = false;
    filter.value = key;
    applyFilter();
    if (!choices.querySelector("li:not([hidden])")) {
      message.textContent = "None of your moves names " + key + ".";
      filter.value = "";
      applyFilter();
    } else {
      message.textContent = "";
    }
  });
  filter.addEventListener("input", applyFilter);
  document.getElementById("typed").addEventListener("submit", function (event) {
    event.preventDefault();
    const text = document.getElementById("notation").value.trim();
    if (text) {
      send(text);
    }
  });
  document.getElementById("card-form").addEventListener("submit", function (event) {
    event.preventDefault();
    const name = document.getElementById("card-name").value.trim();
    const out = document.getElementById("card-text");
    if (!name) {
      return;
    }
    fetch("/api/seat/" + encodeURIComponent(token) + "/card?name=" + encodeURIComponent(name))
      .then(function (r) { return r.json(); })
      .then(function (answer) { out.textContent = answer.text || answer.error; })
      .catch(function (e) { out.textContent = e.message; });
  });
  connect();
}());
