#!/usr/bin/env bash
# Installs Debian's Chromium for the browser tests when it is missing. The
# tests drive it with playwright-core and never download a browser.
set -euo pipefail
if [[ -x /usr/bin/chromium ]]; then
	exit 0
fi
sudo=""
if [[ $(id -u) -ne 0 ]]; then
	sudo=sudo
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends chromium fonts-liberation >/dev/null
/usr/bin/chromium --version
