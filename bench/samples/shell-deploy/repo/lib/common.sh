# Helpers shared by every command.

hosts() {
  grep -v '^#' "${SHIPIT_HOSTS:-hosts.conf}" | cut -d' ' -f1
}

deploy_release() {
  release=$1
  for host in $(hosts); do
    scp "$release" "$host:/srv/app/releases/"
    ssh "$host" "ln -sfn /srv/app/releases/$(basename "$release" .tar.gz) /srv/app/current"
  done
}
