#!/usr/bin/env node
// Compiles every binary layout schemas/<name>.ksy to the Python parser
// xqformats/layouts/<name>.py with the Kaitai Struct compiler (npm package
// kaitai-struct-compiler, pinned in schemas/package.json).
//
//   npm ci --prefix schemas && node schemas/compile-ksy.js [--out DIR] [--debug]
//
// The generated parsers are committed, so users need no compiler; the test
// suite regenerates them into a temporary folder and compares (tests/test_layouts.py).
// A layout's meta/id must equal its file name.
"use strict";
const fs = require("fs");
const path = require("path");
const compiler = require("kaitai-struct-compiler");
const yaml = require("js-yaml");

const schemas = __dirname;
const args = process.argv.slice(2);
const outIndex = args.indexOf("--out");
const out = outIndex >= 0 ? args[outIndex + 1] : path.join(schemas, "..", "xqformats", "layouts");

function load(name) {
  return yaml.load(fs.readFileSync(path.join(schemas, name.endsWith(".ksy") ? name : name + ".ksy"), "utf8"));
}

// Imports (meta/imports) are resolved against schemas/.
const importer = { importYaml: (name) => Promise.resolve(load(name)) };

async function main() {
  const layouts = fs.readdirSync(schemas).filter((f) => f.endsWith(".ksy")).sort();
  fs.mkdirSync(out, { recursive: true });
  for (const file of layouts) {
    const ksy = load(file);
    if (ksy.meta.id + ".ksy" !== file) {
      throw new Error(`${file}: meta/id is \`${ksy.meta.id}\`; it must equal the file name`);
    }
    const files = await compiler.compile("python", ksy, importer, false);
    for (const [name, text] of Object.entries(files)) {
      fs.writeFileSync(path.join(out, name), text);
      console.log(`${file} -> ${path.join(out, name)}`);
    }
  }
}

main().catch((err) => {
  console.error(String(err && err.stack ? err.stack : err));
  process.exit(1);
});
