#include "CLinux.h"
#include <signal.h>
#include <string.h>

int pomobar_reap_children_automatically(void) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = SIG_DFL;
  action.sa_flags = SA_NOCLDWAIT;
  sigemptyset(&action.sa_mask);
  return sigaction(SIGCHLD, &action, NULL);
}
