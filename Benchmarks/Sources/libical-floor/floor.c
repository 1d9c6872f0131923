// The floor for a writer built on libical: given a feed, libical parses it (not timed), then
// each VEVENT is serialised to a file as it is (`serialise`), and, in a second pass, copied
// into a new component and serialised (`copy+serialise`, closer to what a writer that builds
// its components does). Prints `events=N serialise=SECONDS copy_serialise=SECONDS`.
//
//   libical-floor FEED.ics OUTPUT
#include <libical/ical.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double seconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: libical-floor FEED.ics OUTPUT\n");
        return 2;
    }
    FILE *input = fopen(argv[1], "rb");
    if (!input) { perror(argv[1]); return 1; }
    fseek(input, 0, SEEK_END);
    long size = ftell(input);
    fseek(input, 0, SEEK_SET);
    char *text = malloc((size_t)size + 1);
    if (!text || fread(text, 1, (size_t)size, input) != (size_t)size) { perror(argv[1]); return 1; }
    text[size] = 0;
    fclose(input);
    icalcomponent *calendar = icalparser_parse_string(text);
    free(text);
    if (!calendar) { fprintf(stderr, "%s: not iCalendar\n", argv[1]); return 1; }

    FILE *output = fopen(argv[2], "wb");
    if (!output) { perror(argv[2]); return 1; }
    int events = 0;
    double start = seconds();
    for (icalcomponent *event = icalcomponent_get_first_component(calendar, ICAL_VEVENT_COMPONENT); event;
         event = icalcomponent_get_next_component(calendar, ICAL_VEVENT_COMPONENT)) {
        char *serialised = icalcomponent_as_ical_string_r(event);
        fputs(serialised, output);
        free(serialised);
        events++;
    }
    fflush(output);
    double serialised = seconds();
    for (icalcomponent *event = icalcomponent_get_first_component(calendar, ICAL_VEVENT_COMPONENT); event;
         event = icalcomponent_get_next_component(calendar, ICAL_VEVENT_COMPONENT)) {
        icalcomponent *copy = icalcomponent_new_clone(event);
        char *text = icalcomponent_as_ical_string_r(copy);
        fputs(text, output);
        free(text);
        icalcomponent_free(copy);
    }
    fflush(output);
    double copied = seconds();
    fclose(output);
    printf("events=%d serialise=%.6f copy_serialise=%.6f\n", events, serialised - start, copied - serialised);
    icalcomponent_free(calendar);
    return 0;
}
