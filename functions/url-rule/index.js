// CloudFront Function (runtime cloudfront-js-2.0), viewer-request event.
// The site's URL rule, and the only copy of it: `site preview` loads this very file
// (generator/preview/url-rule.ts) so local URLs behave exactly as production.
//
//   /                       -> /index.html
//   /solutions/adas         -> /solutions/adas/index.html   (no extension: a page)
//   /solutions/adas/        -> 301 /solutions/adas          (one canonical form)
//   /blog-details[/]        -> 301 /blogs                   (the spec's menu link had no id)
//   /fr/blog-details[/]     -> 301 /fr/blogs                (the same in French)
//   /assets/css/main-x.css  -> unchanged                    (has an extension: a file)
// Every redirect goes to a path on this site: a Location never starts with two slashes.
// A key that does not exist makes S3 answer 403/404; CloudFront's custom error response
// then serves /404.html with status 404 (so /404 itself is a real 404 too).
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (uri === '/blog-details' || uri === '/blog-details/') {
    return redirect('/blogs');
  }
  if (uri === '/fr/blog-details' || uri === '/fr/blog-details/') {
    return redirect('/fr/blogs');
  }
  if (uri.length > 1 && uri.charAt(uri.length - 1) === '/') {
    return redirect(sitePath(uri.replace(/\/+$/, '')) + query(request.querystring));
  }
  if (uri === '/') {
    request.uri = '/index.html';
  } else if (uri.split('/').pop().indexOf('.') === -1) {
    request.uri = uri + '/index.html';
  }
  return request;
}

// A path on this site: exactly one slash, then neither a slash nor a backslash. Browsers read
// `//host`, `/\host` and `/<tab>/host` in a Location as another site, so the leading run of
// slashes, backslashes, control characters, spaces and their percent-encodings collapses to one
// slash (encoded ones too, so no later decoding can rebuild `//host`). Without this,
// `//evil.example/` answered 301 Location: //evil.example.
function sitePath(path) {
  return '/' + path.replace(/^(?:[\/\\\s\x00-\x1f\x7f]|%(?:2f|5c|0[0-9a-f]|1[0-9a-f]|20|7f))+/i, '');
}

function redirect(location) {
  return {
    statusCode: 301,
    statusDescription: 'Moved Permanently',
    headers: { location: { value: location }, 'cache-control': { value: 'public, max-age=3600' } },
  };
}

function query(querystring) {
  var parts = [];
  for (var key in querystring) {
    var entry = querystring[key];
    if (entry.multiValue) {
      for (var i = 0; i < entry.multiValue.length; i++) parts.push(key + '=' + entry.multiValue[i].value);
    } else {
      parts.push(key + (entry.value === '' ? '' : '=' + entry.value));
    }
  }
  return parts.length ? '?' + parts.join('&') : '';
}
