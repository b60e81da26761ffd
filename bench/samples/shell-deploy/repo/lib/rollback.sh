# Point `current` back at the previous release.

rollback_host() {
  ssh "$1" 'cd /srv/app/releases && ln -sfn "$(ls -1t | sed -n 2p)" ../current'
}

rollback_all() {
  for host in $(hosts); do rollback_host "$host"; done
}
