#!/usr/bin/env bash
# `events-kill-trials.sh [TRIALS]`: issue 32's durability check at full length — `tripterm serve --events-url` killed
# with SIGKILL after TRIALS rounds of acknowledged writes (100 by default) while its receiver is down, then restarted
# with the receiver up: every acknowledged write's event must arrive, in order. The test suite runs 4 rounds; this
# runs the same test (EventsCommandTests) with more. Needs a debug build with tests (`swift build --build-tests`).
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
TRIPTERM_EVENT_TRIALS=${1:-100} "$SWIFT" test --skip-build \
  --filter 'EventsCommandTests/everyAcknowledgedWriteHasItsEventDeliveredAfterKill9'
