#ifndef SNAPLAB_CBENCHSUPPORT_H
#define SNAPLAB_CBENCHSUPPORT_H

#include <stddef.h>
#include <stdint.h>

/// Takes a value the optimiser must assume is used: an empty `asm volatile` with the value as
/// an input, in a separate translation unit that Swift cannot see into.
void snapbench_sink(uint64_t value);

/// Tells the optimiser that the memory behind `pointer` may be read or written by anyone.
void snapbench_escape(const void *pointer);

/// The bare per-axis clamp loop written in C with comparisons (no fmin/fmax): for each of
/// `iterations`, clamps point `i % count` (count a power of two) into the rectangle and folds both coordinates'
/// bits into a checksum, exactly as the Swift reference benchmark does.
uint64_t snapbench_clamp_loop(const double *xs, const double *ys, size_t count,
                              size_t iterations, double min_x, double max_x, double min_y,
                              double max_y);

#endif
