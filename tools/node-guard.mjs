// Fails loudly when an npm script runs on a Node older than the one the project carries.
// npm puts node_modules/.bin first on PATH, so scripts normally run on the pinned Node 24.
const [major] = process.versions.node.split('.').map(Number);
if (major < 24) {
  console.error(
    `\nGrafik needs Node 24 or newer, but this script is running on Node ${process.versions.node}.\n` +
      'The project carries its own Node 24 as a devDependency: run `npm install`, then use `npm run <script>` or `npx`.\n',
  );
  process.exit(1);
}
