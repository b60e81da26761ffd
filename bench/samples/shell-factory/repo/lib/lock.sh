# lock.sh: one factory pass at a time.
#
# flock on a file descriptor held for the life of the pass. A pass killed by
# the OOM killer releases the lock with its process; there is no stale lock
# file to clean by hand.

take_lock() {
  lock=$1
  exec 9>"$lock"
  flock -n 9
}

release_lock() {
  lock=$1
  flock -u 9 2>/dev/null || true
  : "$lock"
}
