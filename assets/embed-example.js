// The example host page of docs/EMBED.md: sends the embedded board commands, shows its events, and fits
// the frame's height to the board's `resize` events. Only messages from the frame itself are read.
(function () {
  "use strict";
  var frame = document.getElementById("board");
  var log = document.getElementById("log");

  function send(message) {
    message.target = "spielkiste";
    frame.contentWindow.postMessage(message, "*");
  }

  function show(data) {
    var line = document.createElement("div");
    line.textContent = JSON.stringify(data);
    log.prepend(line);
  }

  window.addEventListener("message", function (event) {
    var data = event.data;
    if (event.source !== frame.contentWindow || !data || data.source !== "spielkiste") return;
    show(data);
    if (data.type === "resize" && typeof data.height === "number") {
      frame.style.height = Math.min(Math.max(data.height, 200), 2000) + "px";
    }
  });

  var commands = {
    new: { type: "new" },
    flip: { type: "flip" },
    undo: { type: "undo" },
    computer: { type: "seat", seat: 1, kind: "computer" },
    human: { type: "seat", seat: 1, kind: "human" }
  };
  document.getElementById("commands").addEventListener("click", function (event) {
    var name = event.target.dataset && event.target.dataset.command;
    if (commands[name]) send(Object.assign({}, commands[name]));
  });
  document.getElementById("level").addEventListener("change", function (event) {
    send({ type: "level", level: Number(event.target.value) });
  });
  document.getElementById("load").addEventListener("submit", function (event) {
    event.preventDefault();
    send({ type: "load", link: document.getElementById("link").value });
  });
}());
