# Sourced by tests: h5attr FILE NAME prints a scalar root attribute's value.
h5attr() { h5dump -a "/$2" "$1" | grep -A1 'DATA {' | tail -1 | sed -e 's/^ *([0-9]*): *//' -e 's/"//g'; }
