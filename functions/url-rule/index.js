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
//   a path in REDIRECTS     -> 301 to where it went, or 410 Gone (content/redirects.yaml, expired items)
// Every redirect goes to a path on this site: a Location never starts with two slashes.
// A key that does not exist makes S3 answer 403/404; CloudFront's custom error response
// then serves /404.html with status 404 (so /404 itself is a real 404 too).
// Filled in by `site build` (generator/output/urls.ts) from content/redirects.yaml and the items
// past their expiresAt: path -> [301, target] or [410]. Empty here; the build's copy is deployed.
var REDIRECTS = {};

function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var moved = REDIRECTS[uri.length > 1 ? uri.replace(/\/+$/, '') : uri];
  if (moved) return moved[0] === 410 ? gone(uri) : redirect(sitePath(moved[1]) + query(request.querystring));
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

// A page the site published and took down for good: 410, so search engines drop it, with a
// plain page in the visitor's language that leads back to the site (no inline style: the
// site's Content-Security-Policy applies to it too).
function gone(uri) {
  var fr = uri === '/fr' || uri.indexOf('/fr/') === 0;
  var title = fr ? 'Cette page a été retirée' : 'This page has been removed';
  var text = fr ? 'Elle n\u2019est plus sur le site.' : 'It is no longer on the site.';
  var home = fr ? '/fr' : '/';
  var link = fr ? 'Aller à l\u2019accueil' : 'Go to the home page';
  return {
    statusCode: 410,
    statusDescription: 'Gone',
    headers: { 'content-type': { value: 'text/html; charset=utf-8' }, 'cache-control': { value: 'public, max-age=3600' } },
    body: { encoding: 'text', data: '<!DOCTYPE html><html lang="' + (fr ? 'fr-CA' : 'en-CA') + '"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>' + title + '</title><main style="font:1.125rem/1.5 system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#0f172a"><h1>' + title + '</h1><p>' + text + '</p><p><a href="' + home + '" style="color:#0b5cad">' + link + '</a></p></main></html>' },
  };
}
