// s3rver in a process of its own, so a test can stop it mid-publish and start it again on the
// same port and folder.
//   node --import ./bin/register.js tests/integration/s3rver-process.ts <dir> [port]
import { startLocalS3 } from '../../generator/preview/local-aws.ts';

const [directory, port] = process.argv.slice(2);
if (!directory) throw new Error('usage: s3rver-process.ts <dir> [port]');
const s3 = await startLocalS3({ directory, port: Number(port ?? 0), buckets: ['site', 'other'] });
console.log(s3.url);
// Ends with the test process that started it: its end of stdin closes then, even on a crash.
process.stdin.on('end', () => process.exit(0)).resume();
