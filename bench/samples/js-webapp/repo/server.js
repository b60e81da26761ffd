import http from 'node:http';

const cards = new Map();
http.createServer((req, res) => {
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify([...cards.values()]));
}).listen(3000);
