# Every WebAssembly-specific flag lives here.
# Non-trapping float-to-int conversion (supported wherever SIMD is) turns each conversion into one instruction
# instead of a guarded sequence; the heatmap colours a million values with it.
set(PE_WASM_COMPILE_FLAGS -msimd128 -mnontrapping-fptoint)
# Size: the module is optimised for size (-Oz) but for the sources whose loops the page and the lab wait on,
# which keep -O3 (inlining, unrolling, vectorising): the whole lab trainer, the sinusoidal table and picture, the
# dot products by offset and the similarity matrix. Everything else (the bindings' argument checks and
# conversions, messages, the small per-figure computations) runs once per call and is smaller at -Oz. A
# source's options come after the target's on the command line, so its -O3 wins.
set(PE_WASM_SPEED_SOURCES
    lab_attention lab_config lab_inspect lab_kernels lab_layers lab_layout lab_model lab_optimizer lab_state
    lab_tasks lab_trainer rng
    sinusoidal_table image sinusoidal_dot similarity)
target_compile_options(pe_engine PRIVATE ${PE_WASM_COMPILE_FLAGS} -Oz)
foreach(name IN LISTS PE_WASM_SPEED_SOURCES)
  set_property(SOURCE ${CMAKE_SOURCE_DIR}/cpp/src/${name}.cpp APPEND PROPERTY COMPILE_OPTIONS -O3)
endforeach()

function(pe_add_wasm_module)
  file(GLOB PE_BINDING_SOURCES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/cpp/bindings/*.cpp)
  add_executable(pe-engine ${PE_BINDING_SOURCES})
  target_link_libraries(pe-engine PRIVATE pe_engine)
  target_compile_options(pe-engine PRIVATE ${PE_WASM_COMPILE_FLAGS} -Oz)
  pe_set_warnings(pe-engine)
  set(pre ${CMAKE_SOURCE_DIR}/cpp/bindings/pre.js)
  set(post ${CMAKE_SOURCE_DIR}/cpp/bindings/post.js)
  set(lab ${CMAKE_SOURCE_DIR}/cpp/bindings/lab.js)
  target_link_options(pe-engine PRIVATE
    -lembind
    # Binaryen's link-time passes for size: they inline less than at -O3 and do not touch the vector loops that
    # the speed sources above were compiled to.
    -Oz
    -msimd128
    -mnontrapping-fptoint
    -sMODULARIZE=1
    -sEXPORT_ES6=1
    -sEXPORT_NAME=createEngine
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
    # SHELL: keeps both --post-js flags; CMake would otherwise fold the repeated option into one.
    "SHELL:--post-js ${post}"
    "SHELL:--post-js ${lab}")
  set_target_properties(pe-engine PROPERTIES SUFFIX ".js" LINK_DEPENDS "${pre};${post};${lab}")
endfunction()
