// Docdesk's native recognizer: one persistent libtesseract engine per handle, fed gray
// pixels directly and run on libuv's thread pool so the worker process's event loop stays
// free. Plain Node-API (ABI-stable: the same .node loads in Node and Electron).
//
// JS surface (see engine/ocr/native.ts):
//   init(datapath, languages, names[], values[]) -> handle     (throws on failure)
//   recognize(handle, pixels, width, height, dpi, psm) -> Promise<Block[]>
//   end(handle)
//   version() -> string
// Blocks carry exactly what tesseract.js's `blocks` output gives the callers: text,
// confidence (truncated to an integer, as tesseract.js does) and bbox {x0,y0,x1,y1} at
// block, paragraph, line and word level.
#include <node_api.h>
#include <tesseract/baseapi.h>
#include <tesseract/resultiterator.h>
#include <leptonica/allheaders.h>

#include <atomic>
#include <memory>
#include <string>
#include <vector>

namespace {

struct Box {
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
};
struct WordOut {
  std::string text;
  int confidence = 0;
  Box bbox;
};
struct LineOut {
  std::string text;
  int confidence = 0;
  Box bbox;
  std::vector<WordOut> words;
};
struct ParaOut {
  std::string text;
  int confidence = 0;
  Box bbox;
  std::vector<LineOut> lines;
};
struct BlockOut {
  std::string text;
  int confidence = 0;
  Box bbox;
  std::vector<ParaOut> paragraphs;
};

struct Engine {
  tesseract::TessBaseAPI api;
  std::atomic<bool> busy{false};
  bool ended = false;
};

struct Job {
  Engine* engine = nullptr;
  napi_ref engine_ref = nullptr;
  std::vector<unsigned char> pixels;
  int width = 0, height = 0, dpi = 0, psm = 3;
  napi_deferred deferred = nullptr;
  napi_async_work work = nullptr;
  std::string error;
  std::vector<BlockOut> blocks;
};

#define CHECK(env, call)                                  \
  do {                                                    \
    if ((call) != napi_ok) {                              \
      napi_throw_error((env), nullptr, "N-API call failed: " #call); \
      return nullptr;                                     \
    }                                                     \
  } while (0)

std::string GetString(napi_env env, napi_value v) {
  size_t len = 0;
  if (napi_get_value_string_utf8(env, v, nullptr, 0, &len) != napi_ok) return {};
  std::string s(len, '\0');
  napi_get_value_string_utf8(env, v, s.data(), len + 1, &len);
  return s;
}

bool GetStrings(napi_env env, napi_value arr, std::vector<std::string>* out) {
  bool is_array = false;
  if (napi_is_array(env, arr, &is_array) != napi_ok || !is_array) return false;
  uint32_t n = 0;
  napi_get_array_length(env, arr, &n);
  for (uint32_t i = 0; i < n; i++) {
    napi_value item;
    napi_get_element(env, arr, i, &item);
    out->push_back(GetString(env, item));
  }
  return true;
}

// Reads `n` arguments; with fewer, throws a TypeError showing the call's signature.
bool GetArgs(napi_env env, napi_callback_info info, size_t n, napi_value* argv, const char* usage) {
  size_t argc = n;
  if (napi_get_cb_info(env, info, &argc, argv, nullptr, nullptr) != napi_ok || argc < n) {
    napi_throw_type_error(env, nullptr, usage);
    return false;
  }
  return true;
}

void FinalizeEngine(napi_env, void* data, void*) {
  auto* e = static_cast<Engine*>(data);
  if (!e->ended) e->api.End();
  delete e;
}

Engine* UnwrapEngine(napi_env env, napi_value v) {
  void* data = nullptr;
  if (napi_get_value_external(env, v, &data) != napi_ok || data == nullptr) {
    napi_throw_type_error(env, nullptr, "not a native OCR handle");
    return nullptr;
  }
  auto* e = static_cast<Engine*>(data);
  if (e->ended) {
    napi_throw_error(env, nullptr, "native OCR handle already ended");
    return nullptr;
  }
  return e;
}

napi_value Init(napi_env env, napi_callback_info info) {
  napi_value argv[4];
  if (!GetArgs(env, info, 4, argv, "init(datapath, languages, names, values)")) return nullptr;
  std::string datapath = GetString(env, argv[0]);
  std::string languages = GetString(env, argv[1]);
  std::vector<std::string> names, values;
  if (!GetStrings(env, argv[2], &names) || !GetStrings(env, argv[3], &values) || names.size() != values.size()) {
    napi_throw_type_error(env, nullptr, "init: names and values must be arrays of equal length");
    return nullptr;
  }
  auto* e = new Engine();
  // Parameters go in at Init so init-only ones (debug_file) take effect too.
  if (e->api.Init(datapath.c_str(), languages.c_str(), tesseract::OEM_LSTM_ONLY, nullptr, 0, &names, &values, false) != 0) {
    delete e;
    napi_throw_error(env, nullptr, ("libtesseract could not load \"" + languages + "\"").c_str());
    return nullptr;
  }
  napi_value handle;
  if (napi_create_external(env, e, FinalizeEngine, nullptr, &handle) != napi_ok) {
    e->api.End();
    delete e;
    napi_throw_error(env, nullptr, "could not create the native OCR handle");
    return nullptr;
  }
  return handle;
}

Box BoxAt(const tesseract::ResultIterator& it, tesseract::PageIteratorLevel level) {
  Box b;
  it.BoundingBox(level, &b.x0, &b.y0, &b.x1, &b.y1);
  return b;
}

std::string TextAt(const tesseract::ResultIterator& it, tesseract::PageIteratorLevel level) {
  std::unique_ptr<char[]> t(it.GetUTF8Text(level));
  return t ? std::string(t.get()) : std::string();
}

// Walks the result word by word, opening a block, paragraph or line where one begins:
// the same tree (and the same skipping of empty, non-text blocks) as tesseract.js's blocks.
void Collect(tesseract::TessBaseAPI& api, std::vector<BlockOut>* out) {
  std::unique_ptr<tesseract::ResultIterator> it(api.GetIterator());
  if (!it) return;
  using tesseract::RIL_BLOCK;
  using tesseract::RIL_PARA;
  using tesseract::RIL_TEXTLINE;
  using tesseract::RIL_WORD;
  while (!it->Empty(RIL_BLOCK)) {
    if (it->Empty(RIL_WORD)) {
      if (!it->Next(RIL_WORD)) break;
      continue;
    }
    if (it->IsAtBeginningOf(RIL_BLOCK) || out->empty()) {
      out->push_back({TextAt(*it, RIL_BLOCK), static_cast<int>(it->Confidence(RIL_BLOCK)), BoxAt(*it, RIL_BLOCK), {}});
    }
    BlockOut& block = out->back();
    if (it->IsAtBeginningOf(RIL_PARA) || block.paragraphs.empty()) {
      block.paragraphs.push_back({TextAt(*it, RIL_PARA), static_cast<int>(it->Confidence(RIL_PARA)), BoxAt(*it, RIL_PARA), {}});
    }
    ParaOut& para = block.paragraphs.back();
    if (it->IsAtBeginningOf(RIL_TEXTLINE) || para.lines.empty()) {
      para.lines.push_back({TextAt(*it, RIL_TEXTLINE), static_cast<int>(it->Confidence(RIL_TEXTLINE)), BoxAt(*it, RIL_TEXTLINE), {}});
    }
    para.lines.back().words.push_back({TextAt(*it, RIL_WORD), static_cast<int>(it->Confidence(RIL_WORD)), BoxAt(*it, RIL_WORD)});
    if (!it->Next(RIL_WORD)) break;
  }
}

void Execute(napi_env, void* data) {
  auto* job = static_cast<Job*>(data);
  tesseract::TessBaseAPI& api = job->engine->api;
  api.SetPageSegMode(static_cast<tesseract::PageSegMode>(job->psm));
  // tesseract.js passes the resolution as user_defined_dpi, which overrides the image's own.
  api.SetVariable("user_defined_dpi", std::to_string(job->dpi).c_str());
  api.SetImage(job->pixels.data(), job->width, job->height, 1, job->width);
  api.SetSourceResolution(job->dpi);
  if (api.Recognize(nullptr) != 0) {
    job->error = "libtesseract failed to recognize the image";
  } else {
    Collect(api, &job->blocks);
  }
  api.Clear();
}

napi_value MakeBox(napi_env env, const Box& b) {
  napi_value o, v;
  napi_create_object(env, &o);
  napi_create_int32(env, b.x0, &v);
  napi_set_named_property(env, o, "x0", v);
  napi_create_int32(env, b.y0, &v);
  napi_set_named_property(env, o, "y0", v);
  napi_create_int32(env, b.x1, &v);
  napi_set_named_property(env, o, "x1", v);
  napi_create_int32(env, b.y1, &v);
  napi_set_named_property(env, o, "y1", v);
  return o;
}

template <typename T>
napi_value MakeNode(napi_env env, const T& n) {
  napi_value o, v;
  napi_create_object(env, &o);
  napi_create_string_utf8(env, n.text.data(), n.text.size(), &v);
  napi_set_named_property(env, o, "text", v);
  napi_create_int32(env, n.confidence, &v);
  napi_set_named_property(env, o, "confidence", v);
  napi_set_named_property(env, o, "bbox", MakeBox(env, n.bbox));
  return o;
}

template <typename T, typename F>
napi_value MakeArray(napi_env env, const std::vector<T>& items, F make) {
  napi_value arr;
  napi_create_array_with_length(env, items.size(), &arr);
  for (size_t i = 0; i < items.size(); i++) napi_set_element(env, arr, static_cast<uint32_t>(i), make(items[i]));
  return arr;
}

void Complete(napi_env env, napi_status status, void* data) {
  auto* job = static_cast<Job*>(data);
  job->engine->busy = false;
  if (status != napi_ok && job->error.empty()) job->error = "native OCR work was cancelled";
  if (!job->error.empty()) {
    napi_value msg, err;
    napi_create_string_utf8(env, job->error.data(), job->error.size(), &msg);
    napi_create_error(env, nullptr, msg, &err);
    napi_reject_deferred(env, job->deferred, err);
  } else {
    auto word = [env](const WordOut& w) { return MakeNode(env, w); };
    auto line = [env, &word](const LineOut& l) {
      napi_value o = MakeNode(env, l);
      napi_set_named_property(env, o, "words", MakeArray(env, l.words, word));
      return o;
    };
    auto para = [env, &line](const ParaOut& p) {
      napi_value o = MakeNode(env, p);
      napi_set_named_property(env, o, "lines", MakeArray(env, p.lines, line));
      return o;
    };
    auto block = [env, &para](const BlockOut& b) {
      napi_value o = MakeNode(env, b);
      napi_set_named_property(env, o, "paragraphs", MakeArray(env, b.paragraphs, para));
      return o;
    };
    napi_resolve_deferred(env, job->deferred, MakeArray(env, job->blocks, block));
  }
  napi_delete_async_work(env, job->work);
  napi_delete_reference(env, job->engine_ref);
  delete job;
}

napi_value Recognize(napi_env env, napi_callback_info info) {
  napi_value argv[6];
  if (!GetArgs(env, info, 6, argv, "recognize(handle, pixels, width, height, dpi, psm)")) return nullptr;
  Engine* engine = UnwrapEngine(env, argv[0]);
  if (!engine) return nullptr;
  void* bytes = nullptr;
  size_t length = 0;
  bool is_buffer = false;
  napi_is_buffer(env, argv[1], &is_buffer);
  if (!is_buffer || napi_get_buffer_info(env, argv[1], &bytes, &length) != napi_ok) {
    napi_throw_type_error(env, nullptr, "pixels must be a Buffer");
    return nullptr;
  }
  int32_t width = 0, height = 0, dpi = 0, psm = 0;
  napi_get_value_int32(env, argv[2], &width);
  napi_get_value_int32(env, argv[3], &height);
  napi_get_value_int32(env, argv[4], &dpi);
  napi_get_value_int32(env, argv[5], &psm);
  if (width <= 0 || height <= 0 || static_cast<size_t>(width) * static_cast<size_t>(height) > length) {
    napi_throw_range_error(env, nullptr, "pixels do not hold width × height gray bytes");
    return nullptr;
  }
  if (psm < 0 || psm > 13) {
    napi_throw_range_error(env, nullptr, "page segmentation mode out of range");
    return nullptr;
  }
  // One engine recognizes one image at a time; the JS side serializes, this guards it.
  bool expected = false;
  if (!engine->busy.compare_exchange_strong(expected, true)) {
    napi_throw_error(env, nullptr, "native OCR handle is busy");
    return nullptr;
  }
  auto* job = new Job();
  job->engine = engine;
  job->pixels.assign(static_cast<unsigned char*>(bytes), static_cast<unsigned char*>(bytes) + static_cast<size_t>(width) * height);
  job->width = width;
  job->height = height;
  job->dpi = dpi;
  job->psm = psm;
  napi_value promise, name;
  napi_create_reference(env, argv[0], 1, &job->engine_ref);  // keeps the engine alive while it works
  napi_create_promise(env, &job->deferred, &promise);
  napi_create_string_utf8(env, "docdesk-ocr-recognize", NAPI_AUTO_LENGTH, &name);
  if (napi_create_async_work(env, nullptr, name, Execute, Complete, job, &job->work) != napi_ok || napi_queue_async_work(env, job->work) != napi_ok) {
    engine->busy = false;
    napi_delete_reference(env, job->engine_ref);
    delete job;
    napi_throw_error(env, nullptr, "could not queue native OCR work");
    return nullptr;
  }
  return promise;
}

napi_value End(napi_env env, napi_callback_info info) {
  napi_value argv[1];
  if (!GetArgs(env, info, 1, argv, "end(handle)")) return nullptr;
  void* data = nullptr;
  if (napi_get_value_external(env, argv[0], &data) != napi_ok || data == nullptr) return nullptr;
  auto* e = static_cast<Engine*>(data);
  if (e->busy) {
    napi_throw_error(env, nullptr, "native OCR handle is busy");
    return nullptr;
  }
  if (!e->ended) {
    e->api.End();
    e->ended = true;
  }
  return nullptr;
}

napi_value Version(napi_env env, napi_callback_info) {
  napi_value v;
  CHECK(env, napi_create_string_utf8(env, tesseract::TessBaseAPI::Version(), NAPI_AUTO_LENGTH, &v));
  return v;
}

}  // namespace

NAPI_MODULE_INIT() {
  const napi_property_descriptor props[] = {
      {"init", nullptr, Init, nullptr, nullptr, nullptr, napi_default, nullptr},
      {"recognize", nullptr, Recognize, nullptr, nullptr, nullptr, napi_default, nullptr},
      {"end", nullptr, End, nullptr, nullptr, nullptr, napi_default, nullptr},
      {"version", nullptr, Version, nullptr, nullptr, nullptr, napi_default, nullptr},
  };
  napi_define_properties(env, exports, sizeof(props) / sizeof(props[0]), props);
  return exports;
}
