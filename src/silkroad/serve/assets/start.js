"use strict";
// The start page: choose a game, its options and who sits where, then create the table.
(function () {
  const gameSelect = document.getElementById("game");
  const playersSelect = document.getElementById("players");
  const fields = document.getElementById("option-fields");
  const rows = document.getElementById("seat-rows");
  const error = document.getElementById("error");
  let games = [];
  let agents = { offered: [], known: [] };

  function game() {
    return games.find(function (g) { return g.name === gameSelect.value; });
  }

  function element(tag, props, children) {
    const e = document.createElement(tag);
    Object.assign(e, props || {});
    (children || []).forEach(function (c) { e.appendChild(c); });
    return e;
  }

  function showOptions() {
    const g = game();
    const defaults = g.options[playersSelect.value] || {};
    fields.textContent = "";
    Object.keys(defaults).forEach(function (key) {
      if (key === "players") { return; }
      const value = defaults[key];
      const input = element("input", { name: key, id: "option-" + key });
      input.dataset.kind = typeof value === "boolean" ? "bool" : typeof value === "number" ? "number" : typeof value === "string" ? "string" : "json";
      input.dataset.initial = JSON.stringify(value);
      if (input.dataset.kind === "bool") {
        input.type = "checkbox";
        input.checked = value;
      } else if (input.dataset.kind === "number") {
        input.type = "number";
        input.value = String(value);
      } else {
        input.type = "text";
        input.value = input.dataset.kind === "string" ? value : JSON.stringify(value);
      }
      fields.appendChild(element("div", { className: "field" }, [
        element("label", { htmlFor: input.id, textContent: key }), input,
      ]));
    });
    document.getElementById("variants").textContent = g.variants.length ? g.variants.join(", ") : "none";
  }

  function agentChoices() {
    const out = [{ value: "person", text: "a person" }];
    const names = [];
    agents.offered.concat(agents.known).forEach(function (spec) {
      const name = spec.split(":")[0];
      if (names.indexOf(name) < 0) {
        names.push(name);
        const settings = spec.indexOf(":") >= 0 ? spec.slice(spec.indexOf(":") + 1) : "";
        out.push({ value: name, text: "agent: " + name, settings: settings });
      }
    });
    return out;
  }

  function showSeats() {
    const count = parseInt(playersSelect.value, 10);
    const kept = Array.from(rows.children).map(function (row) {
      return [row.querySelector("select").value, row.querySelector("input").value];
    });
    rows.textContent = "";
    const choices = agentChoices();
    for (let p = 0; p < count; p += 1) {
      const select = element("select", { name: "seat-" + p, className: "seat-kind" });
      choices.forEach(function (c) {
        const option = element("option", { value: c.value, textContent: c.text });
        option.dataset.settings = c.settings || "";
        select.appendChild(option);
      });
      const input = element("input", { type: "text", name: "seat-" + p + "-text", className: "seat-text" });
      function placeholder() {
        const chosen = select.options[select.selectedIndex];
        if (select.value === "person") {
          input.placeholder = "name (optional)";
        } else {
          input.placeholder = "settings, e.g. iterations=100";
        }
        return chosen;
      }
      select.addEventListener("change", function () {
        const chosen = placeholder();
        input.value = select.value === "person" ? "" : chosen.dataset.settings;
      });
      if (kept[p]) {
        select.value = kept[p][0];
        input.value = kept[p][1];
      } else {
        select.value = p === 0 ? "person" : (choices[1] ? choices[1].value : "person");
        input.value = select.value === "person" ? "" : select.options[select.selectedIndex].dataset.settings;
      }
      placeholder();
      rows.appendChild(element("div", { className: "seat-row" }, [
        element("span", { className: "seat-label", textContent: "P" + p }), select, input,
      ]));
    }
  }

  function showGame() {
    const g = game();
    document.getElementById("description").textContent = g.description;
    playersSelect.textContent = "";
    g.players.forEach(function (n) {
      playersSelect.appendChild(element("option", { value: String(n), textContent: String(n) }));
    });
    playersSelect.value = String(g.default_players);
    showOptions();
    showSeats();
  }

  function request() {
    const options = {};
    fields.querySelectorAll("input").forEach(function (input) {
      let value;
      if (input.dataset.kind === "bool") {
        value = input.checked;
      } else if (input.dataset.kind === "number") {
        value = Number(input.value);
      } else if (input.dataset.kind === "string") {
        value = input.value;
      } else {
        try {
          value = JSON.parse(input.value);
        } catch (e) {
          value = input.value;  // a bare word, as --option reads it
        }
      }
      if (JSON.stringify(value) !== input.dataset.initial) {
        options[input.name] = value;
      }
    });
    const seats = Array.from(rows.children).map(function (row) {
      const kind = row.querySelector("select").value;
      const text = row.querySelector("input").value.trim();
      if (kind === "person") {
        return { person: text };
      }
      const settings = text.split(/[\s,:]+/).filter(function (s) { return s; });
      return { agent: [kind].concat(settings).join(":") };
    });
    const asked = { game: gameSelect.value, players: parseInt(playersSelect.value, 10), options: options, seats: seats };
    const hints = document.getElementById("hints-on");
    if (hints && hints.checked) {
      asked.hints = true;
    }
    return asked;
  }

  function showLinks(answer) {
    document.getElementById("table-id").textContent = answer.table;
    const list = document.getElementById("link-list");
    list.textContent = "";
    answer.links.forEach(function (link) {
      const url = window.location.origin + link.url;
      const box = element("input", { type: "text", readOnly: true, value: url });
      box.addEventListener("focus", function () { box.select(); });
      const open = element("a", { href: link.url, target: "_blank", rel: "noopener noreferrer", textContent: "open" });
      list.appendChild(element("li", {}, [
        element("strong", { textContent: link.label + " " }), box, document.createTextNode(" "), open,
      ]));
    });
    if (!answer.links.length) {
      list.appendChild(element("li", { textContent: "Agents play every seat: nobody has a link." }));
    }
    document.getElementById("new-table").hidden = true;
    document.getElementById("links").hidden = false;
    document.body.dataset.table = answer.table;
  }

  document.getElementById("new-table").addEventListener("submit", function (event) {
    event.preventDefault();
    error.textContent = "";
    const button = document.getElementById("create");
    button.disabled = true;
    fetch("/api/tables", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(request()),
    }).then(function (response) {
      return response.json().then(function (answer) {
        if (!response.ok) {
          throw new Error(answer.error || response.statusText);
        }
        showLinks(answer);
      });
    }).catch(function (e) {
      error.textContent = e.message;
    }).finally(function () {
      button.disabled = false;
    });
  });
  document.getElementById("another").addEventListener("click", function () {
    document.getElementById("links").hidden = true;
    document.getElementById("new-table").hidden = false;
  });
  gameSelect.addEventListener("change", showGame);
  playersSelect.addEventListener("change", function () { showOptions(); showSeats(); });

  fetch("/api/games").then(function (r) { return r.json(); }).then(function (answer) {
    games = answer.games;
    agents = answer.agents;
    games.forEach(function (g) {
      gameSelect.appendChild(element("option", { value: g.name, textContent: g.title }));
    });
    showGame();
    document.body.dataset.ready = "true";
  }).catch(function (e) {
    error.textContent = "cannot read the games: " + e.message;
  });
}());
