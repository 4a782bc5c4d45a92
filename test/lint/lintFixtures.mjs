// Lints source texts as if they were files of the project (JSON on stdin: [{ filePath, code }]) and prints the rule
// of each message. Run as its own process: ESLint loads its flat config as an ES module, which jest's runtime cannot.
import { ESLint } from 'eslint';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname });
const results = [];
for (const { filePath, code } of JSON.parse(input)) {
  const [result] = await eslint.lintText(code, { filePath });
  results.push(result.messages.map((message) => message.ruleId ?? message.message));
}
process.stdout.write(JSON.stringify(results));
