#include "backends/output_tree.h"
