#!/usr/bin/env bash
# Installs the Debian 12 packages Onramp needs to build, test and run, and nothing when they
# are all present (so a second `make test` makes no apt call). Not root: prints the apt line.
set -euo pipefail

packages=(
  g++ cmake ninja-build pkg-config make ccache
  qt6-base-dev qt6-base-dev-tools libqt6opengl6-dev
  qt6-charts-dev qt6-svg-dev qt6-httpserver-dev qt6-websockets-dev
  qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools qt6-translations-l10n
  qtkeychain-qt6-dev libqt6sql6-sqlite
  libcurl4-openssl-dev libssl-dev nlohmann-json3-dev
  fonts-noto-cjk xvfb xauth
  # The first run's framework on the built-in sandbox and the Slurm lab (CPU PyTorch 1.13):
  # without it the probe's plain C++ loop trains instead, and the spec says so.
  python3 python3-torch
)
# For `make bench`, and for `make test`: tst_cli runs the probe's torch loop (torch_check.py)
# through stand-in torch packages.
if [[ "${1:-}" == "--bench" || "${1:-}" == "--test" ]]; then
  packages+=(python3)
fi
# For `make test` and `make fuzz`: the run-spec fuzz target needs clang ≥ 16 (clang 14 cannot
# read libstdc++ 12's <expected>) and its libFuzzer runtime.
if [[ "${1:-}" == "--test" || "${1:-}" == "--fuzz" ]]; then
  packages+=(clang-16 libclang-rt-16-dev)
fi
# For `make test`: tst_runspec parses every Kubernetes export with a real YAML parser;
# tests/wizard/tst_realinput drives the wizard in Xvfb with real X input, and
# tests/app/validate-desktop.sh checks the AppStream metainfo; tests/wizard/tst_keychain keeps the
# provider secret in a real Secret Service: gnome-keyring-daemon on a private bus (dbus-daemon,
# from the package of that name), through QtKeychain, which opens libsecret at run time.
if [[ "${1:-}" == "--test" ]]; then
  packages+=(python3 python3-yaml xdotool appstream gnome-keyring dbus-daemon libsecret-1-0)
fi
# For `make test` (and --slurm alone): a real single-node Slurm 22.05 for tests/models/provider/slurm, started and
# stopped by scripts/slurm-cluster.sh. The JWT plugin is a separate package.
if [[ "${1:-}" == "--test" || "${1:-}" == "--slurm" ]]; then
  packages+=(slurmctld slurmd slurmdbd slurmrestd slurm-client slurm-wlm-mysql-plugin
             slurm-wlm-jwt-plugin munge mariadb-server mariadb-client)
fi

# For `make package`: CPack's DEB generator runs dpkg-shlibdeps (dpkg-dev) on what `file` says
# is an ELF file, for the Depends.
if [[ "${1:-}" == "--package" ]]; then
  packages+=(dpkg-dev file)
fi

# For `make architecture`: dot draws docs/architecture.svg.
if [[ "${1:-}" == "--docs" ]]; then
  packages+=(graphviz)
fi

missing=()
for p in "${packages[@]}"; do
  if [[ "$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null)" != "install ok installed" ]]; then
    missing+=("$p")
  fi
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

line="apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ${missing[*]}"
if [[ $(id -u) -ne 0 ]]; then
  echo "Onramp needs these Debian packages: ${missing[*]}" >&2
  echo "Install them as root, then run make again:" >&2
  echo "  sudo sh -c '$line'" >&2
  exit 1
fi
echo "Installing missing packages: ${missing[*]}"
# Installing munge, MariaDB and the Slurm daemons must not start them as system services: the
# tests start their own private instances. A policy-rc.d that says "no" for the install only.
guard=""
if [[ ! -e /usr/sbin/policy-rc.d ]]; then
  printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d
  chmod +x /usr/sbin/policy-rc.d
  guard=/usr/sbin/policy-rc.d
fi
trap 'if [[ -n "$guard" ]]; then rm -f "$guard"; fi' EXIT
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
