import { startApp } from "./app/start";
import "./styles/global.css";

const container = document.getElementById("root");
if (container) void startApp(container);
