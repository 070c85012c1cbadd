// loop_at_load.js never finishes its top level.
for (;;) {}
