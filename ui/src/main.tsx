import "react-dom/client";
import "./styles/global.css";

const container = document.getElementById("root");
// React's DOM renderer is in the entry (the HTML preloads it, the browser
// compiles it while downloading); the app evaluates in a task of its own.
if (container) void import("./app/start").then(({ startApp }) => startApp(container));
