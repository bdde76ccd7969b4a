# Sourced by tests. h5attr FILE NAME: a scalar root attribute. h5vals FILE PATH: a dataset's values,
# one per line (numbers at full precision).
h5attr() { h5dump -a "/$2" "$1" | grep -A1 'DATA {' | tail -1 | sed -e 's/^ *([0-9]*): *//' -e 's/"//g'; }
h5vals() {
  h5dump -A 0 -m '%.17g' -d "$2" -y -w 0 "$1" | awk '/DATA \{/{on=1; next} /^ *\}/{on=0} on' |
    tr ',' '\n' | sed -e 's/^ *//' -e 's/ *$//' -e 's/"//g' | grep -v '^$'
}
