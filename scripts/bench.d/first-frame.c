/* A floor for "exec -> first frame": the least a status command can do before
   its first frame, built static as pomobar is (cc -O2 -static), so that it pays
   what every static glibc program pays first: the exec, and glibc's start-up
   (its cpuid loop over the cache levels, each cpuid a trap to the hypervisor
   on a VM). It writes the i3bar header and one frame, then waits to be ended.
   scripts/bench starts it in turn with pomobar, i3status and first-frame.swift. */
#include <stdio.h>
#include <unistd.h>
int main(void) {
  fputs("{\"version\":1}\n[\n[{\"name\":\"floor\",\"full_text\":\"Ready 25:00\"}]\n", stdout);
  fflush(stdout);
  pause();
  return 0;
}
