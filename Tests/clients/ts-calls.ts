// Every operation of openapi.yaml called through the typescript-fetch client openapi-generator made
// from it, against the release server (Tests/clients/run.sh compiles this with the generated
// sources): JSON answers parsed into their models, the text forms (SVG, CSS, the contract) read as
// text through the operation's Raw method, problems from the ResponseError, HEAD and OPTIONS.
// Usage: node out/ts-calls.js BASE_URL. Prints `N passed, M failed`.
import {
    BrowsersApi, Configuration, KeyframesApi, LayoutApi, OperationsApi, ResponseError,
    ProblemFromJSON, instanceOfKnotTrack, instanceOfKeyTimesTrack, instanceOfWAAPIAnswer, instanceOfKeyframesAnswer,
    instanceOfPagingLayout, PagingKeyframeProperty, KeyframesFormat, ScrollKeyframeProperty, EffectProperty,
    PagingLayout, PagingResponseOneOf, HeaderLayout, HeaderResponseOneOf, ScrollLayout, KeyframesAnswer, WAAPIAnswer,
    KnotTrack, KeyTimesTrack, PictureFormat, ProblemTypeTypeEnum, ProblemTypeHeadTypeEnum, ProblemTypeOptionsTypeEnum,
} from './generated';

declare const process: { argv: string[]; exit(code: number): never };
const base = process.argv[2];
const config = new Configuration({ basePath: base });
const called = new Set<string>();
const all = new Set<string>();
// Each API object records the operations called on it; `all` lists those the client has.
function recorded<T extends object>(api: T): T {
    const proto = Object.getPrototypeOf(api);
    for (const name of Object.getOwnPropertyNames(proto)) {
        if (typeof (proto as any)[name + 'Raw'] === 'function') all.add(name);  // an operation: X and XRaw
    }
    return new Proxy(api, {
        get(target, prop, receiver) {
            const name = String(prop);
            if (all.has(name)) called.add(name);
            if (name.endsWith('Raw') && all.has(name.slice(0, -3))) called.add(name.slice(0, -3));
            return Reflect.get(target, prop, receiver);
        },
    });
}
const layout = recorded(new LayoutApi(config));
const keyframes = recorded(new KeyframesApi(config));
const operations = recorded(new OperationsApi(config));
const browsers = recorded(new BrowsersApi(config));

let passed = 0;
const failures: string[] = [];
function check(name: string, cond: boolean) {
    if (cond) passed++; else { failures.push(name); console.log('FAIL ' + name); }
}
async function problem(call: () => Promise<unknown>) {
    try { await call(); } catch (e) {
        if (e instanceof ResponseError) return ProblemFromJSON(await e.response.json());
    }
    return undefined;
}

const vp = { width: 390, height: 844 };
const layers = [{ name: 'background', travel: 120 }];
const elements = [
    { name: 'hero', frame: { x: 0, y: 0, width: 390, height: 600 }, speed: -2 },
    { name: 'card', frame: { x: 0, y: 900, width: 390, height: 300 }, opacity: [0, 1], easing: 'easeOut' },
];

async function main() {
    // layouts
    const one = await layout.pagingPost({ pagingRequest: { viewport: vp, pageCount: 5, pageSpacing: 16, layers, offset: 203 } });
    check('pagingPost answers a PagingLayout', instanceOfPagingLayout(one) && (one as PagingLayout).stride === 406 && (one as PagingLayout).pages[0].layers[0].frame.x === 60);
    const timeline = await layout.pagingGet({ viewportWidth: 390, viewportHeight: 844, pageCount: 5, pageSpacing: 16, offsets: [0, 203, 406], layers: JSON.stringify(layers) }) as PagingResponseOneOf;
    check('pagingGet with offsets (repeated) is a timeline', timeline.frames.map(f => f.offset).join() === '0,203,406');
    check('pagingGet frame 1 equals the POST answer', JSON.stringify(timeline.frames[1]) === JSON.stringify(one));
    const got = await layout.pagingGetRaw({ viewportWidth: 390, viewportHeight: 844, pageCount: 5 });
    const etag = got.raw.headers.get('ETag') ?? '';
    check('pagingGet carries an ETag', etag.startsWith('"'));
    const head = await layout.pagingHeadRaw({ viewportWidth: 390, viewportHeight: 844, pageCount: 5 });
    check('pagingHead is 200 with the same ETag', head.raw.status === 200 && head.raw.headers.get('ETag') === etag);
    const notModified = await layout.pagingGetRaw({ viewportWidth: 390, viewportHeight: 844, pageCount: 5, ifNoneMatch: etag }).catch(e => e);
    check('pagingGet with If-None-Match is 304', (notModified instanceof ResponseError ? notModified.response.status : notModified.raw.status) === 304);
    const p422 = await problem(() => layout.pagingPost({ pagingRequest: { viewport: { width: -1, height: 844 }, pageCount: 0 } }));
    check('pagingPost invalid is a 422 Problem with pointers', p422?.status === 422 && (p422?.errors ?? []).map(e => e.pointer).sort().join() === '/pageCount,/viewport/width');
    const postTag = (await layout.pagingPostRaw({ pagingRequest: { viewport: vp, pageCount: 5 } })).raw.headers.get('ETag') ?? '';
    const p412 = await problem(() => layout.pagingPost({ pagingRequest: { viewport: vp, pageCount: 5 }, ifNoneMatch: postTag }));
    check('pagingPost with a matching If-None-Match is a 412 Problem', p412?.status === 412);
    const svg = await layout.pagingPostRaw({ pagingRequest: { viewport: vp, pageCount: 5, offset: 203, format: PictureFormat.Svg } });
    check('the paging SVG is reachable as text (Raw)', svg.raw.headers.get('Content-Type')!.startsWith('image/svg+xml') && (await svg.raw.text()).startsWith('<svg'));

    const h = await layout.headerPost({ headerRequest: { viewport: vp, header: { height: 150 }, offset: -40 } }) as HeaderLayout;
    check('headerPost answers a HeaderLayout', h.header.height === 190 && h.stretched === true);
    const hg = await layout.headerGet({ viewportWidth: 390, viewportHeight: 844, headerHeight: 150, offsets: [-40, 0, 60] }) as HeaderResponseOneOf;
    check('headerGet with offsets', hg.frames.map(f => f.header.height).join() === '190,150,90');
    check('headerHead is 200', (await layout.headerHeadRaw({ viewportWidth: 390, viewportHeight: 844, headerHeight: 150 })).raw.status === 200);
    const s = await layout.scrollPost({ scrollRequest: { viewport: vp, offset: 300, elements } }) as ScrollLayout;
    check('scrollPost answers a ScrollLayout', s.elements.map(e => e.name).join() === 'hero,card');
    const fx = await layout.scrollPost({ scrollRequest: { viewport: vp, offset: 500, elements: [{ name: 'card', frame: { x: 20, y: 900, width: 350, height: 400 }, effects: [
        { property: EffectProperty.TranslateX, stops: [[0, -120], [0.5, 0], [1, 120]], easings: ['easeOut', 'easeIn'] },
        { property: EffectProperty.ScaleY, stops: [[0, 0.5], [0.3, 1], [0.3, 1.2], [1, 1.2]] }] }] } }) as ScrollLayout;
    check('scrollPost with effects answers scaleX/scaleY and a cross-axis translate', fx.elements[0].scaleY === 1.2 && fx.elements[0].scaleX === 1 && fx.elements[0].translate.x < 0);
    const sg = await layout.scrollGet({ viewportWidth: 390, viewportHeight: 844, offset: 300, elements: JSON.stringify(elements) }) as ScrollLayout;
    check('scrollGet (elements as JSON text) equals scrollPost', JSON.stringify(sg) === JSON.stringify(s));
    check('scrollHead is 200', (await layout.scrollHeadRaw({ viewportWidth: 390, viewportHeight: 844, elements: JSON.stringify(elements) })).raw.status === 200);

    // keyframes: each format as its model, css as text
    const pk = { viewport: vp, pageCount: 3, pageSpacing: 16, layers };
    const kj = await keyframes.pagingKeyframesPost({ pagingKeyframesRequest: { ...pk, properties: [PagingKeyframeProperty.FrameX] } });
    check('pagingKeyframesPost json: KnotTracks', instanceOfKeyframesAnswer(kj) && (kj as KeyframesAnswer).tracks.length > 0 && (kj as KeyframesAnswer).tracks.every(t => instanceOfKnotTrack(t)) && ((kj as KeyframesAnswer).tracks[0] as KnotTrack).knots[0].join() === '0,0');
    const kt = await keyframes.pagingKeyframesGet({ viewportWidth: 390, viewportHeight: 844, pageCount: 3, pageSpacing: 16, layers: JSON.stringify(layers), format: KeyframesFormat.Keytimes, properties: [PagingKeyframeProperty.FrameX, PagingKeyframeProperty.Opacity] }) as KeyframesAnswer;
    check('pagingKeyframesGet keytimes: KeyTimesTracks', kt.tracks.length > 0 && kt.tracks.every(t => instanceOfKeyTimesTrack(t)) && (kt.tracks[0] as KeyTimesTrack).keyTimes[0] === 0);
    const kw = await keyframes.pagingKeyframesPost({ pagingKeyframesRequest: { ...pk, format: KeyframesFormat.Waapi } });
    check('pagingKeyframesPost waapi: WAAPIAnswer', instanceOfWAAPIAnswer(kw) && (kw as WAAPIAnswer).animations.length > 0 && (kw as WAAPIAnswer).timeline.axis === 'x');
    const css = await keyframes.pagingKeyframesPostRaw({ pagingKeyframesRequest: { ...pk, format: KeyframesFormat.Css } });
    check('the paging stylesheet is reachable as text (Raw)', css.raw.headers.get('Content-Type')!.startsWith('text/css') && (await css.raw.text()).includes('@keyframes'));
    check('pagingKeyframesHead is 200', (await keyframes.pagingKeyframesHeadRaw({ viewportWidth: 390, viewportHeight: 844, pageCount: 3 })).raw.status === 200);
    const hk = await keyframes.headerKeyframesPost({ headerKeyframesRequest: { viewport: vp, header: { height: 150 }, format: KeyframesFormat.Keytimes } }) as KeyframesAnswer;
    check('headerKeyframesPost keytimes', hk.tracks.every(t => instanceOfKeyTimesTrack(t)) && hk.tracks.some(t => t.property === 'header.height'));
    const hkg = await keyframes.headerKeyframesGet({ viewportWidth: 390, viewportHeight: 844, headerHeight: 150 }) as KeyframesAnswer;
    check('headerKeyframesGet json', hkg.domain.from === -150 && hkg.tracks.every(t => instanceOfKnotTrack(t)));
    check('headerKeyframesHead is 200', (await keyframes.headerKeyframesHeadRaw({ viewportWidth: 390, viewportHeight: 844, headerHeight: 150 })).raw.status === 200);
    const sk = await keyframes.scrollKeyframesPost({ scrollKeyframesRequest: { viewport: vp, elements, format: KeyframesFormat.Waapi } }) as WAAPIAnswer;
    check('scrollKeyframesPost waapi', Array.isArray(sk.reducedMotion.animations));
    const skg = await keyframes.scrollKeyframesGet({ viewportWidth: 390, viewportHeight: 844, elements: JSON.stringify(elements), properties: [ScrollKeyframeProperty.Opacity] }) as KeyframesAnswer;
    check('scrollKeyframesGet json, properties narrowed', skg.tracks.length > 0 && skg.tracks.every(t => t.property === 'opacity'));
    check('scrollKeyframesHead is 200', (await keyframes.scrollKeyframesHeadRaw({ viewportWidth: 390, viewportHeight: 844, elements: JSON.stringify(elements) })).raw.status === 200);
    const kbad = await problem(() => keyframes.scrollKeyframesPost({ scrollKeyframesRequest: { viewport: vp, elements, domain: { from: 5, to: 1 } } }));
    check('scrollKeyframesPost bad domain: 422 at /domain/to', kbad?.errors?.[0].pointer === '/domain/to');

    // documents and operations
    check('demo is the HTML page', (await (await operations.demoRaw({})).raw.text()).startsWith('<!doctype html>'));
    const contract = await operations.openapi();
    check('openapi is the contract as text', typeof contract === 'string' && contract.startsWith('openapi: 3.1.0'));
    check('parallaxModule is JavaScript', (await (await browsers.parallaxModuleRaw({})).raw.text()).includes('export'));
    check('problemType is its description', (await (await operations.problemTypeRaw({ type: ProblemTypeTypeEnum.InvalidRequest })).raw.text()).includes('422'));
    check('healthz is typed', (await operations.healthz()).status === 'ok');
    check('readyz is typed', (await operations.readyz()).status === 'ready');
    check('metrics is the Prometheus text', (await (await operations.metricsRaw({})).raw.text()).includes('parallax_http_requests_total'));
    for (const [name, call] of [
        ['demoHead', () => operations.demoHeadRaw({})], ['openapiHead', () => operations.openapiHeadRaw({})],
        ['parallaxModuleHead', () => browsers.parallaxModuleHeadRaw({})], ['healthzHead', () => operations.healthzHeadRaw({})],
        ['readyzHead', () => operations.readyzHeadRaw({})], ['metricsHead', () => operations.metricsHeadRaw({})],
        ['problemTypeHead', () => operations.problemTypeHeadRaw({ type: ProblemTypeHeadTypeEnum.MalformedJson })],
    ] as [string, () => Promise<{ raw: Response }>][]) {
        check(name + ' is 200', (await call()).raw.status === 200);
    }
    // every preflight
    for (const api of [layout, keyframes, operations, browsers] as any[]) {
        for (const name of Object.getOwnPropertyNames(Object.getPrototypeOf(api))) {
            if (!name.endsWith('OptionsRaw')) continue;
            const args: any = { origin: 'https://app.example', accessControlRequestMethod: 'POST' };
            if (name.startsWith('problemType')) args.type = ProblemTypeOptionsTypeEnum.InvalidRequest;
            const r = await api[name](args);
            // /metrics is not for web pages (docs/operations.md#metrics): no CORS field.
            const cors = name === 'metricsOptionsRaw' ? null : '*';
            check(name.slice(0, -3) + ' is a 204 preflight', r.raw.status === 204 && r.raw.headers.get('Access-Control-Allow-Origin') === cors);
        }
    }
    const missing = [...all].filter(n => !called.has(n));
    check('every operation was called (missing: ' + missing.join(', ') + ')', missing.length === 0);
    console.log(`typescript client: ${called.size} operations called`);
    console.log(`${passed} passed, ${failures.length} failed`);
    process.exit(failures.length ? 1 : 0);
}
main().catch(e => { console.log('FAIL ' + (e && e.stack || e)); console.log(`${passed} passed, ${failures.length + 1} failed`); process.exit(1); });
