// vpointer: real pointer input for a headless wlroots compositor (sway).
//
// The headless backend has no pointer device, so `swaymsg seat - cursor press`
// reaches no client. This client creates one through the
// zwlr_virtual_pointer_v1 protocol (wlr-virtual-pointer-unstable-v1.xml,
// beside this file) and plays a short script of events, so swaybar and waybar
// receive ordinary wl_pointer enter/motion/button/axis events.
//
// Usage: vpointer CMD...   with CMD one of
//   move X Y            absolute motion to layout pixel (X, Y)
//   click left|right|middle
//   scroll up|down      one wheel notch (swaybar: button 4/5)
//   sleep MS
// X and Y are in the compositor's layout (as `swaymsg -t get_outputs` gives an
// output's rect); the absolute extent is the bounding box of all wl_outputs
// (scale 1), which is what wlroots maps absolute motion onto.
// Build: see build_vpointer in Tests/e2e/lib.sh.
#define _POSIX_C_SOURCE 200809L
#include <linux/input-event-codes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <wayland-client.h>

#include "wlr-virtual-pointer-unstable-v1-client-protocol.h"

static struct wl_seat *seat;
static struct zwlr_virtual_pointer_manager_v1 *manager;
static int32_t layout_x0 = INT32_MAX, layout_y0 = INT32_MAX, layout_x1, layout_y1;

struct output_info {
  int32_t x, y;
};

static void output_geometry(void *data, struct wl_output *o, int32_t x, int32_t y, int32_t pw,
                            int32_t ph, int32_t subpixel, const char *make, const char *model,
                            int32_t transform) {
  struct output_info *info = data;
  info->x = x;
  info->y = y;
  (void)o, (void)pw, (void)ph, (void)subpixel, (void)make, (void)model, (void)transform;
}

static void output_mode(void *data, struct wl_output *o, uint32_t flags, int32_t w, int32_t h,
                        int32_t refresh) {
  struct output_info *info = data;
  (void)o, (void)refresh;
  if (!(flags & WL_OUTPUT_MODE_CURRENT)) return;
  if (info->x < layout_x0) layout_x0 = info->x;
  if (info->y < layout_y0) layout_y0 = info->y;
  if (info->x + w > layout_x1) layout_x1 = info->x + w;
  if (info->y + h > layout_y1) layout_y1 = info->y + h;
}

static void output_done(void *data, struct wl_output *o) { (void)data, (void)o; }
static void output_scale(void *data, struct wl_output *o, int32_t s) { (void)data, (void)o, (void)s; }

static const struct wl_output_listener output_listener = {
    .geometry = output_geometry, .mode = output_mode, .done = output_done, .scale = output_scale};

static void global_add(void *data, struct wl_registry *reg, uint32_t name, const char *iface,
                       uint32_t version) {
  (void)data;
  if (strcmp(iface, wl_seat_interface.name) == 0 && !seat) {
    seat = wl_registry_bind(reg, name, &wl_seat_interface, 1);
  } else if (strcmp(iface, zwlr_virtual_pointer_manager_v1_interface.name) == 0) {
    manager = wl_registry_bind(reg, name, &zwlr_virtual_pointer_manager_v1_interface, 1);
  } else if (strcmp(iface, wl_output_interface.name) == 0) {
    struct wl_output *o = wl_registry_bind(reg, name, &wl_output_interface, version < 2 ? version : 2);
    wl_output_add_listener(o, &output_listener, calloc(1, sizeof(struct output_info)));
  }
}

static void global_remove(void *data, struct wl_registry *reg, uint32_t name) {
  (void)data, (void)reg, (void)name;
}

static const struct wl_registry_listener registry_listener = {global_add, global_remove};

static uint32_t now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint32_t)(ts.tv_sec * 1000 + ts.tv_nsec / 1000000);
}

static void pause_ms(long ms) {
  struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
  nanosleep(&ts, NULL);
}

static int usage(void) {
  fprintf(stderr, "usage: vpointer [move X Y | click left|right|middle | scroll up|down | sleep MS]...\n");
  return 2;
}

int main(int argc, char **argv) {
  struct wl_display *display = wl_display_connect(NULL);
  if (!display) {
    fprintf(stderr, "vpointer: cannot connect to the Wayland display\n");
    return 1;
  }
  struct wl_registry *registry = wl_display_get_registry(display);
  wl_registry_add_listener(registry, &registry_listener, NULL);
  wl_display_roundtrip(display);  // globals
  wl_display_roundtrip(display);  // output geometry and modes
  if (!manager) {
    fprintf(stderr, "vpointer: compositor lacks zwlr_virtual_pointer_manager_v1\n");
    return 1;
  }
  int32_t layout_w = layout_x1 - layout_x0, layout_h = layout_y1 - layout_y0;
  if (layout_x0 == INT32_MAX || layout_w <= 0 || layout_h <= 0) {
    fprintf(stderr, "vpointer: no output size known\n");
    return 1;
  }
  struct zwlr_virtual_pointer_v1 *ptr = zwlr_virtual_pointer_manager_v1_create_virtual_pointer(manager, seat);
  wl_display_roundtrip(display);

  for (int i = 1; i < argc; i++) {
    const char *cmd = argv[i];
    if (strcmp(cmd, "move") == 0 && i + 2 < argc) {
      long x = strtol(argv[++i], NULL, 10), y = strtol(argv[++i], NULL, 10);
      zwlr_virtual_pointer_v1_motion_absolute(ptr, now_ms(), (uint32_t)(x - layout_x0), (uint32_t)(y - layout_y0),
                                              (uint32_t)layout_w, (uint32_t)layout_h);
      zwlr_virtual_pointer_v1_frame(ptr);
    } else if (strcmp(cmd, "click") == 0 && i + 1 < argc) {
      const char *b = argv[++i];
      uint32_t code = strcmp(b, "left") == 0     ? BTN_LEFT
                      : strcmp(b, "right") == 0  ? BTN_RIGHT
                      : strcmp(b, "middle") == 0 ? BTN_MIDDLE
                                                 : 0;
      if (!code) return usage();
      zwlr_virtual_pointer_v1_button(ptr, now_ms(), code, WL_POINTER_BUTTON_STATE_PRESSED);
      zwlr_virtual_pointer_v1_frame(ptr);
      wl_display_roundtrip(display);
      pause_ms(40);
      zwlr_virtual_pointer_v1_button(ptr, now_ms(), code, WL_POINTER_BUTTON_STATE_RELEASED);
      zwlr_virtual_pointer_v1_frame(ptr);
    } else if (strcmp(cmd, "scroll") == 0 && i + 1 < argc) {
      const char *d = argv[++i];
      int step = strcmp(d, "up") == 0 ? -1 : strcmp(d, "down") == 0 ? 1 : 0;
      if (!step) return usage();
      // One wheel notch: 15 units and one discrete step, as libinput reports a mouse wheel.
      zwlr_virtual_pointer_v1_axis_source(ptr, WL_POINTER_AXIS_SOURCE_WHEEL);
      zwlr_virtual_pointer_v1_axis_discrete(ptr, now_ms(), WL_POINTER_AXIS_VERTICAL_SCROLL,
                                            wl_fixed_from_int(15 * step), step);
      zwlr_virtual_pointer_v1_frame(ptr);
      wl_display_roundtrip(display);
      pause_ms(20);
      zwlr_virtual_pointer_v1_axis_stop(ptr, now_ms(), WL_POINTER_AXIS_VERTICAL_SCROLL);
      zwlr_virtual_pointer_v1_frame(ptr);
    } else if (strcmp(cmd, "sleep") == 0 && i + 1 < argc) {
      pause_ms(strtol(argv[++i], NULL, 10));
    } else {
      return usage();
    }
    wl_display_roundtrip(display);
    pause_ms(30);
  }
  zwlr_virtual_pointer_v1_destroy(ptr);
  wl_display_roundtrip(display);
  wl_display_disconnect(display);
  return 0;
}
