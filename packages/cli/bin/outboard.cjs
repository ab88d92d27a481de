#!/usr/bin/env node
// The `outboard` command. A file that exists before the build, so npm links it at install time (a workspace
// bin pointing into dist/ would not be linked by `npm ci`, which builds only afterwards in `prepare`); it runs the
// bundled CLI that `prepare` builds.
'use strict';
require('../dist/bundle/main.js');
