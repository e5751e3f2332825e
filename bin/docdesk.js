#!/usr/bin/env node
// Entry point of the `docdesk` command; the compiled CLI lives in dist/.
import { main } from '../dist/engine/cli/main.js';

const code = await main(process.argv.slice(2));
if (code >= 0) process.exitCode = code;
