# Every WebAssembly-specific flag lives here.
# Non-trapping float-to-int conversion (supported wherever SIMD is) turns each conversion into one instruction
# instead of a guarded sequence; the heatmap colours a million values with it. PE_WASM_SIMD=OFF builds the
# scalar modules for browsers without WebAssembly SIMD (Safari before 16.4): pe/simd.hpp's lane code, which
# computes bit for bit what the SIMD instructions do, and no feature beyond WebAssembly 1.0 but sign extension
# (in every engine since 2020). The page picks one by WebAssembly.validate (web/src/engine.js).
option(PE_WASM_SIMD "WebAssembly SIMD and non-trapping float-to-int; OFF: the scalar fallback modules" ON)
if(PE_WASM_SIMD)
  set(PE_WASM_COMPILE_FLAGS -msimd128 -mnontrapping-fptoint)
else()
  set(PE_WASM_COMPILE_FLAGS "")
endif()
# Size: the module is optimised for size (-Oz) but for the sources whose loops the page and the lab wait on,
# which keep -O3 (inlining, unrolling, vectorising): the lab's training step (kernels, layers, attention, model,
# optimizer, random numbers), the sinusoidal table and picture, the dot products by offset, the similarity
# matrix, and the tiles of dot products under it and the analyses of a learned table, and the FFT of its columns. Everything else
# (the bindings' argument checks and conversions, messages, the small per-figure computations, and the lab's
# configuration checks, buffer layout, saved state, inspection, task batches and the trainer's step sequencing,
# each once per run, click or step) is smaller at -Oz: those six lab sources at -Oz saved 4.5 KB gzipped with no
# change in training speed (docs/performance.md, Download sizes).
set(PE_WASM_SPEED_SOURCES
    lab/attention lab/kernels lab/layers lab/model lab/optimizer rng
    sinusoidal_table image sinusoidal_dot similarity dot_tiles fft)
# The speed sources form their own object library, whose objects come first on the link line. A function defined
# inline in a header (pe/simd.hpp's helpers, std::vector's growth and copies) is compiled into every object that
# uses it without inlining it, and the linker keeps the first copy it sees: were the bindings' -Oz objects first,
# the trainer's loops would call their size-optimised copies (vector<float> filled one element at a time instead
# of by memset; a SIMD lane helper called instead of inlined), which made the lab about 20% slower.
target_compile_options(pe_engine PRIVATE ${PE_WASM_COMPILE_FLAGS} -Oz)
list(TRANSFORM PE_WASM_SPEED_SOURCES REPLACE "(.+)" "${CMAKE_SOURCE_DIR}/cpp/src/\\1.cpp"
     OUTPUT_VARIABLE PE_WASM_SPEED_FILES)
get_target_property(PE_ENGINE_ALL_SOURCES pe_engine SOURCES)
list(REMOVE_ITEM PE_ENGINE_ALL_SOURCES ${PE_WASM_SPEED_FILES})
set_property(TARGET pe_engine PROPERTY SOURCES ${PE_ENGINE_ALL_SOURCES})
add_library(pe_engine_speed OBJECT ${PE_WASM_SPEED_FILES})
# pe_engine's usage requirements: its include directory and, in a checked build, PE_CHECKS.
target_link_libraries(pe_engine_speed PRIVATE pe_engine)
target_compile_options(pe_engine_speed PRIVATE ${PE_WASM_COMPILE_FLAGS} -O3)
pe_set_warnings(pe_engine_speed)

# Three modules, each with the bindings it registers and the shared argument checks, formatting and memory report:
# pe-engine, every figure's computations, which the article and every embed load; pe-lab, the training lab,
# which only the lab's figure and its workers load (the article's module is about a third smaller without it);
# and pe-models, the analyses of published models' positions (a RoPE config's spectrum, T5's buckets, a learned
# table's cosines, variance, components and periods), which only the figure of real models loads. The engine library is
# static, so each module links only the objects its bindings reach; the speed objects are named on the link line
# and the linker drops their unreferenced functions.
function(pe_add_wasm_module name export_name)
  cmake_parse_arguments(PARSE_ARGV 2 arg "" "" "BINDINGS;POST_JS")
  list(TRANSFORM arg_BINDINGS REPLACE "(.+)" "${CMAKE_SOURCE_DIR}/cpp/bindings/\\1.cpp")
  list(TRANSFORM arg_POST_JS REPLACE "(.+)" "${CMAKE_SOURCE_DIR}/cpp/bindings/\\1.js")
  add_executable(${name} ${arg_BINDINGS})
  target_link_libraries(${name} PRIVATE pe_engine)
  # Link options precede the target's own objects on the command line: the speed objects come first (see above).
  add_dependencies(${name} pe_engine_speed)
  target_link_options(${name} PRIVATE $<TARGET_OBJECTS:pe_engine_speed>)
  target_compile_options(${name} PRIVATE ${PE_WASM_COMPILE_FLAGS} -Oz)
  pe_set_warnings(${name})
  set(pre ${CMAKE_SOURCE_DIR}/cpp/bindings/pre.js)
  set(post_js_flags "")
  foreach(js ${arg_POST_JS})
    # SHELL: keeps every --post-js flag; CMake would otherwise fold the repeated option into one.
    list(APPEND post_js_flags "SHELL:--post-js ${js}")
  endforeach()
  target_link_options(${name} PRIVATE
    -lembind
    # Binaryen's link-time passes for size: they inline less than at -O3 and do not touch the vector loops that
    # the speed sources above were compiled to.
    -Oz
    ${PE_WASM_COMPILE_FLAGS}
    -sMODULARIZE=1
    -sEXPORT_ES6=1
    -sEXPORT_NAME=${export_name}
    -sENVIRONMENT=web,worker
    -sFILESYSTEM=0
    -sALLOW_MEMORY_GROWTH=1
    -sINITIAL_MEMORY=33554432
    -sMAXIMUM_MEMORY=2147483648
    -sABORTING_MALLOC=0
    # emmalloc is about 6 KB smaller than dlmalloc; the engine allocates a few large buffers per call and the lab
    # its arrays once per run, so the allocator's speed does not show.
    -sMALLOC=emmalloc
    # No eval or new Function in the generated JavaScript (Embind's invokers are closures instead), so that the
    # site runs under a Content-Security-Policy without 'unsafe-eval' (see vite.config.js).
    -sDYNAMIC_EXECUTION=0
    --pre-js ${pre}
    ${post_js_flags})
  set_target_properties(${name} PROPERTIES SUFFIX ".js" LINK_DEPENDS "${pre};${arg_POST_JS}")
endfunction()

function(pe_add_wasm_modules)
  set(shared args format memory)
  pe_add_wasm_module(pe-engine createEngine
    BINDINGS ${shared} alibi attention compare extension mixing naive rope sentence-args sentence similarity
             sinusoidal
    POST_JS post)
  pe_add_wasm_module(pe-lab createLab BINDINGS ${shared} lab POST_JS post lab)
  pe_add_wasm_module(pe-models createModels BINDINGS ${shared} rope_config t5 table_stats POST_JS post)
endfunction()
