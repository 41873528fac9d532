#include "CBenchSupport.h"

#include <string.h>

void snapbench_sink(uint64_t value) { __asm__ volatile("" : : "r"(value) : "memory"); }

void snapbench_escape(const void *pointer) { __asm__ volatile("" : : "r"(pointer) : "memory"); }

static inline uint64_t bits(double value) {
  uint64_t result;
  memcpy(&result, &value, sizeof result);
  return result;
}

uint64_t snapbench_clamp_loop(const double *xs, const double *ys, size_t count,
                              size_t iterations, double min_x, double max_x, double min_y,
                              double max_y) {
  uint64_t checksum = 0;
  size_t index = 0;
  for (size_t i = 0; i < iterations; i++) {
    double x = xs[index];
    double y = ys[index];
    x = x < min_x ? min_x : x;
    x = x > max_x ? max_x : x;
    y = y < min_y ? min_y : y;
    y = y > max_y ? max_y : y;
    checksum += bits(x) ^ bits(y);
    index = (index + 1) & (count - 1);  /* count is a power of two */
  }
  return checksum;
}
