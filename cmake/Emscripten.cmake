# Every WebAssembly-specific flag lives here.
# Non-trapping float-to-int conversion (supported wherever SIMD is) turns each conversion into one instruction
# instead of a guarded sequence; the heatmap colours a million values with it.
set(PE_WASM_COMPILE_FLAGS -msimd128 -mnontrapping-fptoint)
target_compile_options(pe_engine PRIVATE ${PE_WASM_COMPILE_FLAGS})

function(pe_add_wasm_module)
  file(GLOB PE_BINDING_SOURCES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/cpp/bindings/*.cpp)
  add_executable(pe-engine ${PE_BINDING_SOURCES})
  target_link_libraries(pe-engine PRIVATE pe_engine)
  target_compile_options(pe-engine PRIVATE ${PE_WASM_COMPILE_FLAGS})
  pe_set_warnings(pe-engine)
  set(pre ${CMAKE_SOURCE_DIR}/cpp/bindings/pre.js)
  set(post ${CMAKE_SOURCE_DIR}/cpp/bindings/post.js)
  set(lab ${CMAKE_SOURCE_DIR}/cpp/bindings/lab.js)
  target_link_options(pe-engine PRIVATE
    -lembind
    -O3
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
    # No eval or new Function in the generated JavaScript (Embind's invokers are closures instead), so that the
    # site runs under a Content-Security-Policy without 'unsafe-eval' (see vite.config.js).
    -sDYNAMIC_EXECUTION=0
    --pre-js ${pre}
    # SHELL: keeps both --post-js flags; CMake would otherwise fold the repeated option into one.
    "SHELL:--post-js ${post}"
    "SHELL:--post-js ${lab}")
  set_target_properties(pe-engine PROPERTIES SUFFIX ".js" LINK_DEPENDS "${pre};${post};${lab}")
endfunction()
