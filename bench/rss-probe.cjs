// Preloaded with `node --require bench/rss-probe.cjs …` when /usr/bin/time is missing: writes the
// process's peak resident set size (KB) to $SB_RSS_FILE at exit.
'use strict';
const fs = require('node:fs');
process.on('exit', () => {
	if (process.env.SB_RSS_FILE) fs.writeFileSync(process.env.SB_RSS_FILE, String(process.resourceUsage().maxRSS));
});
