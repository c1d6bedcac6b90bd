#include <yyjson.h>
