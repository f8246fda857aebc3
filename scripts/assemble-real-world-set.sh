#!/usr/bin/env bash
# Assembles the real-world logo set in Tests/Fixtures/RealWorld from Debian's icon themes: app
# icons as designers export them (several shapes, linear and radial gradients, group opacity,
# masks, clip paths, <use>, filters), each theme in its own folder with its licence.
#
#   scripts/assemble-real-world-set.sh [DEST]     (default Tests/Fixtures/RealWorld)
#
# The choice is a rule, not a hand-picked list tuned to pass: from each theme, the app icons whose
# names are listed below (brand and application logos users know), plus, for each of filter, mask,
# clip path and <use>, the first few icons of the theme that use it (a count per theme), in name
# order. Needs the Debian packages tango-icon-theme, breeze-icon-theme and papirus-icon-theme
# (installed when missing). Rerunning it gives the same files.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
dest="${1:-$root/Tests/Fixtures/RealWorld}"
SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
missing=""
for p in tango-icon-theme breeze-icon-theme papirus-icon-theme; do dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"; done
if [ -n "$missing" ]; then $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing; fi

rm -rf "$dest"; mkdir -p "$dest"

# copy THEME_DIR OUT_DIR NAME...: the named icons that exist (links followed).
copy_named() {
    local from="$1" to="$2"; shift 2
    mkdir -p "$to"
    for name in "$@"; do [ -e "$from/$name.svg" ] && cp -L "$from/$name.svg" "$to/$name.svg"; done
    return 0
}
# copy_featured THEME_DIR OUT_DIR COUNT: for each of filter, mask, clip path and <use>, the first
# COUNT icons (by name) that use it and are not copied yet.
copy_featured() {
    local from="$1" to="$2" count="$3" feature
    for feature in '<filter' '<mask' '<clipPath' '<use '; do
        local taken=0
        while IFS= read -r file; do
            [ "$taken" -ge "$count" ] && break
            local name; name="$(basename "$file")"
            [ -e "$to/$name" ] && continue
            cp -L "$file" "$to/$name"; taken=$((taken + 1))
        done < <(grep -l -e "$feature" "$from"/*.svg | LC_ALL=C sort)
    done
}

tango=/usr/share/icons/Tango/scalable/apps
copy_named "$tango" "$dest/tango" internet-web-browser internet-mail internet-news-reader \
    accessories-text-editor accessories-calculator utilities-terminal office-calendar \
    system-file-manager preferences-desktop-theme help-browser internet-group-chat \
    multimedia-volume-control utilities-system-monitor accessories-character-map
copy_featured /usr/share/icons/Tango/scalable/devices "$dest/tango" 3
cp /usr/share/doc/tango-icon-theme/copyright "$dest/tango/LICENSE"

breeze=/usr/share/icons/breeze/apps/48
copy_named "$breeze" "$dest/breeze" firefox thunderbird gimp inkscape krita blender \
    vlc telegram steam kdenlive chromium akregator
copy_featured "$breeze" "$dest/breeze" 3
{ cat /usr/share/doc/breeze-icon-theme/copyright; echo; echo "LGPL-3 text: /usr/share/common-licenses/LGPL-3 on Debian"; } > "$dest/breeze/LICENSE"

papirus=/usr/share/icons/Papirus/64x64/apps
copy_named "$papirus" "$dest/papirus" firefox telegram discord com.github.eneshecan.WhatsAppForLinux \
    spotify slack google-chrome vlc gimp inkscape blender steam signal-desktop skype thunderbird \
    brave-browser
copy_featured "$papirus" "$dest/papirus" 2
{ cat /usr/share/doc/papirus-icon-theme/copyright; echo; echo "GPL-3 text: /usr/share/common-licenses/GPL-3 on Debian"; } > "$dest/papirus/LICENSE"

find "$dest" -name '*.svg' | wc -l | xargs echo "real-world set:" ; echo "in $dest"
